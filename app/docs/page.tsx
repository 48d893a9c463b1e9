import type { Metadata } from "next";
import { headers } from "next/headers";
import { ApiReference } from "@/components/api-reference/api-reference";
import { documentOrigin, servedOpenApiDocument } from "@/lib/api/openapi/served";

export const metadata: Metadata = { title: "API reference" };

// GET /docs - the API reference, rendered from the same OpenAPI document /api/v2/openapi.json serves,
// its examples calling the origin the reader reached us at. Public: no session needed.
export default async function ApiReferencePage() {
  const origin = documentOrigin(await headers());
  return <ApiReference document={servedOpenApiDocument(origin)} />;
}
