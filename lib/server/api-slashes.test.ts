import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { hasDotSegment, tidyApiSlashes } from "./api-slashes";

function urlAfter(url: string): string | undefined {
  const req = { url } as IncomingMessage;
  tidyApiSlashes(req);
  return req.url;
}

describe("tidyApiSlashes", () => {
  it("serves an API path with one trailing slash as the path without it, keeping the query", () => {
    expect(urlAfter("/api/v2/order/")).toBe("/api/v2/order");
    expect(urlAfter("/api/v2/orders/?limit=2&status=completed")).toBe("/api/v2/orders?limit=2&status=completed");
    expect(urlAfter("/api/orders/ord_01JD/")).toBe("/api/orders/ord_01JD");
  });

  it("serves an API path with doubled slashes, as a base URL ending in / joined to a path starting with one writes it, as the path with single ones", () => {
    expect(urlAfter("/api/v2//order")).toBe("/api/v2/order");
    expect(urlAfter("//api/v2/balance?x=//y")).toBe("/api/v2/balance?x=//y");
    expect(urlAfter("/api//v2///orders//?limit=2")).toBe("/api/v2/orders?limit=2");
    expect(urlAfter("/api/v2//")).toBe("/api/v2");
  });

  it("leaves plain paths, the panel's pages and the bare /api/ as they came", () => {
    for (const url of ["/api/v2/order", "/api/v2/orders?next=/a/", "/orders/", "//orders", "/api/", "*"]) {
      expect(urlAfter(url)).toBe(url);
    }
  });
});

describe("hasDotSegment", () => {
  it("finds a . or .. segment anywhere in the path, spelled plainly or with %2e escapes in either case", () => {
    for (const pathname of [
      "/api/v2/order/.",
      "/api/v2/./order",
      "/api/v2/orders/x/..",
      "/api/v2/order/%2e",
      "/api/v2/order/%2E%2e",
      "/api/v2/order/.%2E/x",
      "/api/v2/%2e./balance",
    ]) {
      expect(hasDotSegment(pathname), pathname).toBe(true);
    }
  });

  it("leaves segments that only hold dots among other characters, and three dots, which no URL parser resolves", () => {
    for (const pathname of [
      "/api/v2/openapi.json",
      "/api/v2/order/ord_.",
      "/api/v2/order/..x",
      "/api/v2/order/...",
      "/api/v2/order/%2e%2e%2e",
      "/api/v2/order/a%2eb",
      "/api/v2/order",
    ]) {
      expect(hasDotSegment(pathname), pathname).toBe(false);
    }
  });
});
