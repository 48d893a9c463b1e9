import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ApiAnswer, ApiRequest } from "@/lib/api/answer";
import { isDecodable } from "@/lib/http/url-path";

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

type RouteContext = { params: Promise<Record<string, string>> };

/** A route file's exported method; those made by apiHandler carry `answer` too (lib/api/answer.ts). */
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  answer?: (request: ApiRequest, context: RouteContext) => Promise<ApiAnswer>;
};

type Segment = { kind: "static"; name: string } | { kind: "param"; name: string };

export interface RouteFile {
  /** The path as Next names it, e.g. /api/v2/order/[orderId]. */
  pattern: string;
  segments: Segment[];
  file: string;
}

export interface ApiRoute extends RouteFile {
  handlers: Partial<Record<RouteMethod, RouteHandler>>;
}

export interface RouteMatch {
  route: ApiRoute;
  params: Record<string, string>;
}

const PARAM_FOLDER = /^\[([A-Za-z_][A-Za-z0-9_]*)\]$/;
const STATIC_FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function folderSegment(name: string): Segment | null {
  const param = PARAM_FOLDER.exec(name);
  if (param) return { kind: "param", name: param[1] };
  return STATIC_FOLDER.test(name) ? { kind: "static", name } : null;
}

/**
 * The route files under `apiDir` made only of plain and `[param]` folders. Catch-alls, route groups,
 * private and parallel folders are left out: Next keeps serving those.
 */
export function findRouteFiles(apiDir: string, prefix = "/api"): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string, segments: Segment[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && entry.name === "route.ts") {
        const pattern = [prefix, ...segments.map((segment) => (segment.kind === "param" ? `[${segment.name}]` : segment.name))].join("/");
        found.push({ pattern, segments: [...prefixSegments(prefix), ...segments], file: path.join(dir, entry.name) });
      } else if (entry.isDirectory()) {
        const segment = folderSegment(entry.name);
        if (segment) walk(path.join(dir, entry.name), [...segments, segment]);
      }
    }
  };
  walk(apiDir, []);
  return found.sort(bySpecificity);
}

function prefixSegments(prefix: string): Segment[] {
  return prefix
    .split("/")
    .filter(Boolean)
    .map((name) => ({ kind: "static", name }));
}

/** A static folder wins over a [param] beside it, as in Next: /orders/export before /orders/[id]. */
function bySpecificity(a: RouteFile, b: RouteFile): number {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    if (a.segments[i].kind !== b.segments[i].kind) return a.segments[i].kind === "static" ? -1 : 1;
  }
  return a.segments.length - b.segments.length;
}

/** Imports every route file and keeps the methods it exports. */
export async function loadApiRoutes(apiDir: string): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  for (const file of findRouteFiles(apiDir)) {
    const exported = (await import(pathToFileURL(file.file).href)) as Partial<Record<string, unknown>>;
    const handlers: ApiRoute["handlers"] = {};
    for (const method of ROUTE_METHODS) {
      const handler = exported[method];
      if (typeof handler === "function") handlers[method] = handler as RouteHandler;
    }
    routes.push({ ...file, handlers });
  }
  return routes;
}

/**
 * The route file serving a path, or null when the path is not in its plain form (a trailing or
 * doubled slash, a dot segment, a malformed escape) or no plain route serves it: Next then answers as
 * it always has (a redirect, the JSON 404).
 */
export function matchApiRoute(routes: readonly ApiRoute[], pathname: string): RouteMatch | null {
  const parts = pathname.split("/");
  if (parts[0] !== "") return null;
  parts.shift();
  if (parts.some((part) => part === "" || part === "." || part === ".." || !isDecodable(part))) return null;

  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params = matchSegments(route.segments, parts);
    if (params) return { route, params };
  }
  return null;
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.kind === "param") params[segment.name] = decodeURIComponent(parts[i]);
    else if (parts[i] !== segment.name) return null;
  }
  return params;
}

/** The methods a route answers, as an Allow header lists them. */
export function allowedMethods(route: ApiRoute): string[] {
  const methods: string[] = ROUTE_METHODS.filter((method) => route.handlers[method]);
  if (route.handlers.GET) methods.push("HEAD");
  return [...methods, "OPTIONS"];
}
