import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface ManifestRoute {
  page: string;
  regex: string;
}

interface RoutesManifest {
  staticRoutes?: ManifestRoute[];
  dynamicRoutes?: ManifestRoute[];
}

/** Names a request's route for logs and metrics: the template, so that ids do not make every line and series new. */
export type RouteTemplateOf = (pathname: string) => string;

export const UNMATCHED_ROUTE = "unmatched";

function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/**
 * The build's own list of routes (`.next/routes-manifest.json`), pages and route handlers alike: a
 * static one is looked up, a dynamic one matched by Next's own expression for it. Next's assets are one
 * route; what matches nothing (a 404) is `unmatched`. Without a build (development) the path is its own name.
 */
export function loadRouteTemplates(root: string): RouteTemplateOf {
  const file = path.join(root, ".next", "routes-manifest.json");
  if (!existsSync(file)) return (pathname) => pathname;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as RoutesManifest;
  const statics = new Set((manifest.staticRoutes ?? []).map((route) => route.page));
  const dynamics = (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, regex: new RegExp(route.regex) }));
  return (pathname) => {
    if (pathname.startsWith("/_next/")) return "/_next";
    const plain = trimSlash(pathname);
    if (statics.has(plain)) return plain;
    for (const route of dynamics) if (route.regex.test(plain)) return route.page;
    return UNMATCHED_ROUTE;
  };
}
