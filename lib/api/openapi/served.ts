import type { HeaderReader } from "@/lib/http/header-reader";
import { clientOrigin } from "@/lib/http/client-origin";
import { operations } from "../operations";
import { buildOpenApiDocument, openApiServers } from "./build";
import { buildPostmanCollection, type PostmanCollection } from "./postman";
import type { OpenApiDocument } from "./types";

/*
 * The document as served: built once per process (the builder is pure), its one server the origin the
 * client reached us at (X-Forwarded-Host/-Proto only behind a trusted proxy: the server drops them
 * otherwise), so a tool that imports it calls this deployment and not "/".
 */

let built: OpenApiDocument | undefined;

/** The origin for absolute URLs in the document; a request that names no usable host gets localhost. */
export function documentOrigin(headers: HeaderReader): string {
  return clientOrigin(headers) ?? "http://localhost:3000";
}

export function servedOpenApiDocument(origin: string): OpenApiDocument {
  built ??= buildOpenApiDocument(operations);
  return { ...built, servers: openApiServers(origin) };
}

export function postmanCollectionFor(origin: string): PostmanCollection {
  return buildPostmanCollection(servedOpenApiDocument(origin), origin);
}
