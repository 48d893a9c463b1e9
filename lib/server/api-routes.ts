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

/** A `rest` segment is a catch-all folder's (`[...nextauth]`): one or more segments of the path. */
type Segment = { kind: "static" | "param" | "rest"; name: string };

export interface RouteFile {
  /** The path as Next names it, e.g. /api/v2/order/[orderId]. */
  pattern: string;
  segments: Segment[];
  file: string;
  /**
   * A catch-all's route (next-auth's): Next serves the methods it exports, since it needs Next's
   * request context; the dispatch only answers those it does not.
   */
  catchAll: boolean;
}

export interface ApiRoute extends RouteFile {
  handlers: Partial<Record<RouteMethod, RouteHandler>>;
}

export interface RouteMatch {
  route: ApiRoute;
  params: Record<string, string>;
}

const PARAM_FOLDER = /^\[([A-Za-z_][A-Za-z0-9_]*)\]$/;
const REST_FOLDER = /^\[\.\.\.([A-Za-z_][A-Za-z0-9_]*)\]$/;
const STATIC_FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** The sources' route.ts, or its compiled route.js under dist (scripts/build.mjs). */
const ROUTE_FILE = /^route\.[jt]s$/;

function folderSegment(name: string): Segment | null {
  const param = PARAM_FOLDER.exec(name);
  if (param) return { kind: "param", name: param[1] };
  return STATIC_FOLDER.test(name) ? { kind: "static", name } : null;
}

const folderName = (segment: Segment) => (segment.kind === "param" ? `[${segment.name}]` : segment.kind === "rest" ? `[...${segment.name}]` : segment.name);

/**
 * The route files under `apiDir` made of plain and `[param]` folders, and of a `[...rest]` folder last.
 * The catch-all at the top of `apiDir` is the answer to every path no route serves (a 404 for any
 * method), not an endpoint, and is left out with route groups, private and parallel folders: Next
 * keeps serving those.
 */
export function findRouteFiles(apiDir: string, prefix = "/api"): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string, segments: Segment[]) => {
    const catchAll = segments.at(-1)?.kind === "rest";
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && ROUTE_FILE.test(entry.name)) {
        const pattern = [prefix, ...segments.map(folderName)].join("/");
        found.push({ pattern, segments: [...prefixSegments(prefix), ...segments], file: path.join(dir, entry.name), catchAll });
      } else if (entry.isDirectory() && !catchAll) {
        const rest = REST_FOLDER.exec(entry.name);
        const segment = rest ? (segments.length > 0 ? { kind: "rest" as const, name: rest[1] } : null) : folderSegment(entry.name);
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

const SPECIFICITY = { static: 0, param: 1, rest: 2 } as const;

/** A static folder wins over a [param] beside it, and both over a [...rest], as in Next: /orders/export before /orders/[id]. */
function bySpecificity(a: RouteFile, b: RouteFile): number {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    if (a.segments[i].kind !== b.segments[i].kind) return SPECIFICITY[a.segments[i].kind] - SPECIFICITY[b.segments[i].kind];
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
 * The route file serving a path (a catch-all's when no other does), or null when the path is not in
 * its plain form (a trailing or doubled slash, a dot segment, a malformed escape) or no route serves
 * it: Next then answers as it always has (a redirect, the JSON 404).
 */
export function matchApiRoute(routes: readonly ApiRoute[], pathname: string): RouteMatch | null {
  const parts = pathname.split("/");
  if (parts[0] !== "") return null;
  parts.shift();
  if (parts.some((part) => part === "" || part === "." || part === ".." || !isDecodable(part))) return null;

  for (const route of routes) {
    if (route.catchAll ? parts.length < route.segments.length : route.segments.length !== parts.length) continue;
    const params = matchSegments(route.segments, parts);
    if (params) return { route, params };
  }
  return null;
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.kind === "rest") params[segment.name] = parts.slice(i).map(decodeURIComponent).join("/");
    else if (segment.kind === "param") params[segment.name] = decodeURIComponent(parts[i]);
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
