import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiReference } from "@/components/api-reference/api-reference";
import { operations } from "../operations";
import { servedOpenApiDocument } from "./served";

/*
 * /docs as React renders it on the server. The page Next serves holds this HTML and, for hydration, the
 * same content once more in its flight data, so this half is held to half of the page's 300 KB budget;
 * e2e/api-reference.spec.ts weighs the page as served.
 */

const ORIGIN = "https://panel.shop.test";
const html = renderToString(createElement(ApiReference, { document: servedOpenApiDocument(ORIGIN), origin: ORIGIN }));

describe("the API reference page", () => {
  it("renders under half of 300 KB of HTML", () => {
    expect(Buffer.byteLength(html)).toBeLessThan(170_000);
  });

  it("shows each operation's example request, and its example answer and schemas collapsed", () => {
    for (const { operationId } of operations) {
      expect(html, operationId).toContain(`id="op-${operationId}"`);
      expect(html, operationId).toContain(`aria-label="Example request for ${operationId} in curl"`);
      expect(html, operationId).toMatch(new RegExp(`id="op-${operationId}"[^]*?<summary>Example answer: \\d{3} `));
    }
    expect(html).toContain("curl -X POST &#x27;https://panel.shop.test/api/v2/order&#x27;");
    expect(html).toContain("<summary>Schemas: request OrderRequest; 200 Order; 201 Order</summary>");
    expect(html).not.toMatch(/<details[^>]* open/);
    // Collapsed, their JSON is not in the page at all until opened.
    expect(html).not.toContain('"additionalProperties"');
  });

  it("links the Postman collection and the API changelog, and shows the webhook receivers to everyone", () => {
    expect(html).toContain('href="/api/v2/postman.json"');
    expect(html).toContain('href="/docs/api-changelog"');
    expect(html).toContain(">API changelog</a>");
    expect(html).toContain("verifyWebhook");
    expect(html).toContain('id="webhook-receivers"');
    expect(html).toContain('id="error-insufficient_balance"');
  });
});
