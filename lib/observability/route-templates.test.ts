import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadRouteTemplates, UNMATCHED_ROUTE } from "./route-templates";

describe("route templates from the build's routes manifest", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "routes-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("names a path by its page or route handler, a dynamic one by its template, assets as one and the rest as unmatched", () => {
    mkdirSync(path.join(root, ".next"));
    writeFileSync(
      path.join(root, ".next", "routes-manifest.json"),
      JSON.stringify({
        staticRoutes: [
          { page: "/catalog", regex: "^/catalog(?:/)?$" },
          { page: "/api/v2/orders", regex: "^/api/v2/orders(?:/)?$" },
        ],
        dynamicRoutes: [{ page: "/api/v2/orders/[id]", regex: "^/api/v2/orders/([^/]+?)(?:/)?$" }],
      }),
    );
    const routeOf = loadRouteTemplates(root);
    expect(routeOf("/catalog")).toBe("/catalog");
    expect(routeOf("/catalog/")).toBe("/catalog");
    expect(routeOf("/api/v2/orders")).toBe("/api/v2/orders");
    expect(routeOf("/api/v2/orders/ord_123")).toBe("/api/v2/orders/[id]");
    expect(routeOf("/_next/static/chunks/app.js")).toBe("/_next");
    expect(routeOf("/wp-login.php")).toBe(UNMATCHED_ROUTE);
  });

  it("names a path as itself where there is no build (development)", () => {
    expect(loadRouteTemplates(path.join(root, "nothing"))("/orders/ord_1")).toBe("/orders/ord_1");
  });
});
