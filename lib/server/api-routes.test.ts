import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allowedMethods, findRouteFiles, matchApiRoute, type ApiRoute, type RouteHandler } from "./api-routes";

const tree = mkdtempSync(path.join(tmpdir(), "api-routes-"));
for (const folder of [
  "orders",
  "orders/[orderId]",
  "orders/export",
  "orders/[orderId]/messages",
  "[...path]",
  "(group)/hidden",
  "_private",
  "auth/[...nextauth]",
]) {
  mkdirSync(path.join(tree, folder), { recursive: true });
  writeFileSync(path.join(tree, folder, "route.ts"), "");
}
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const handler: RouteHandler = async () => new Response(null);
const routes: ApiRoute[] = findRouteFiles(tree).map((file) => ({
  ...file,
  handlers: file.pattern.endsWith("[orderId]") ? { GET: handler, DELETE: handler } : file.pattern.endsWith("/orders") ? { POST: handler } : { GET: handler },
}));

describe("the API's route table", () => {
  it("takes plain, [param] and nested [...rest] folders, static before param before rest, and leaves the top catch-all, groups and private folders to Next", () => {
    expect(routes.map((route) => route.pattern)).toEqual([
      "/api/orders",
      "/api/orders/export",
      "/api/orders/[orderId]",
      "/api/orders/[orderId]/messages",
      "/api/auth/[...nextauth]",
    ]);
    expect(routes.filter((route) => route.catchAll).map((route) => route.pattern)).toEqual(["/api/auth/[...nextauth]"]);
  });

  it("matches a catch-all to one segment or more under it, after every other route", () => {
    expect(matchApiRoute(routes, "/api/auth/session")?.params).toEqual({ nextauth: "session" });
    expect(matchApiRoute(routes, "/api/auth/callback/credentials")?.params).toEqual({ nextauth: "callback/credentials" });
    expect(matchApiRoute(routes, "/api/auth")).toBeNull();
  });

  it("matches a path to its route with decoded params, a static folder winning over a param", () => {
    expect(matchApiRoute(routes, "/api/orders/export")?.route.pattern).toBe("/api/orders/export");
    const match = matchApiRoute(routes, "/api/orders/ord%5F1%20a");
    expect(match?.route.pattern).toBe("/api/orders/[orderId]");
    expect(match?.params).toEqual({ orderId: "ord_1 a" });
    expect(matchApiRoute(routes, "/api/orders/ord_1/messages")?.params).toEqual({ orderId: "ord_1" });
  });

  it("leaves every path that is not in its plain form, or that no plain route serves, to Next", () => {
    for (const pathname of [
      "/api/orders/",
      "/api//orders",
      "/api/./orders",
      "/api/orders/..",
      "/api/orders/%E0%A4%A",
      "/api/nothing",
      "/api/orders/a/b/c",
      "api/orders",
      "/API/orders",
    ]) {
      expect(matchApiRoute(routes, pathname), pathname).toBeNull();
    }
  });

  it("lists what a route answers as an Allow header would", () => {
    expect(allowedMethods(matchApiRoute(routes, "/api/orders/x")!.route)).toEqual(["GET", "DELETE", "HEAD", "OPTIONS"]);
    expect(allowedMethods(matchApiRoute(routes, "/api/orders")!.route)).toEqual(["POST", "OPTIONS"]);
  });

  it("finds the app's own API routes, next-auth's catch-all among them and the unknown-path one not", () => {
    const patterns = findRouteFiles(path.join(process.cwd(), "app", "api")).map((route) => route.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining([
        "/api/v2/catalog",
        "/api/v2/order",
        "/api/v2/order/[orderId]",
        "/api/orders/[orderId]",
        "/api/v2/openapi.json",
        "/api/auth/[...nextauth]",
      ]),
    );
    expect(patterns.filter((pattern) => pattern.includes("..."))).toEqual(["/api/auth/[...nextauth]"]);
  });
});
