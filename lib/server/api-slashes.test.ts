import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { tidyApiSlashes } from "./api-slashes";

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
