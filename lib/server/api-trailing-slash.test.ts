import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { dropApiTrailingSlash } from "./api-trailing-slash";

function urlAfter(url: string): string | undefined {
  const req = { url } as IncomingMessage;
  dropApiTrailingSlash(req);
  return req.url;
}

describe("dropApiTrailingSlash", () => {
  it("serves an API path with one trailing slash as the path without it, keeping the query", () => {
    expect(urlAfter("/api/v2/order/")).toBe("/api/v2/order");
    expect(urlAfter("/api/v2/orders/?limit=2&status=completed")).toBe("/api/v2/orders?limit=2&status=completed");
    expect(urlAfter("/api/orders/ord_01JD/")).toBe("/api/orders/ord_01JD");
  });

  it("leaves plain paths, the panel's pages, the bare /api/ and doubled slashes as they came", () => {
    for (const url of ["/api/v2/order", "/api/v2/orders?next=/a/", "/orders/", "/api/", "/api/v2//", "/api/v2/order//", "*"]) {
      expect(urlAfter(url)).toBe(url);
    }
  });
});
