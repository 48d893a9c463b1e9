import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiReference } from "@/components/api-reference/api-reference";
import { operations } from "../operations";
import { curlExamples } from "./curl-examples";
import { servedOpenApiDocument } from "./served";

/*
 * /docs as React renders it on the server. The page Next serves holds this HTML and, for hydration, the
 * same content once more in its flight data, so this half is held to half of the page's 300 KB budget;
 * e2e/api-reference.spec.ts weighs the page as served.
 */

const ORIGIN = "https://panel.shop.test";
const html = renderToString(createElement(ApiReference, { document: servedOpenApiDocument(ORIGIN) }));

describe("the API reference page", () => {
  it("renders under half of 300 KB of HTML", () => {
    expect(Buffer.byteLength(html)).toBeLessThan(150_000);
  });

  it("shows each operation's example request, example answer and schemas collapsed, loaded when opened", () => {
    for (const { operationId } of operations) {
      expect(html, operationId).toMatch(new RegExp(`id="op-${operationId}"[^]*?<summary>Example request</summary>`));
      expect(html, operationId).toMatch(new RegExp(`id="op-${operationId}"[^]*?<summary>Example answer: \\d{3} `));
    }
    expect(html).toContain("<summary>Schemas: request OrderRequest; 200 Order; 201 Order</summary>");
    expect(html).not.toMatch(/<details[^>]* open/);
    // Collapsed, their text is not in the page at all until opened.
    expect(html).not.toContain('"additionalProperties"');
    expect(html).not.toContain("curl -X");
    // Without JavaScript, the curl examples are one link away.
    expect(html).toContain('<noscript><p class="ref-p">The example requests open with JavaScript; without it, every operation&#x27;s curl example is at');
    expect(html).toContain('href="/docs/curl"');
  });

  it("writes every operation's curl example as text for /docs/curl, calling the origin it was reached at", () => {
    const text = curlExamples(servedOpenApiDocument(ORIGIN), ORIGIN);
    for (const { operationId } of operations) expect(text, operationId).toContain(`# ${operationId}: `);
    expect(text).toContain(`# createOrder: Create an order
curl -X POST 'https://panel.shop.test/api/v2/order' \\
  -H "X-API-Key: $RESELLER_API_KEY" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" \\
  -d '{"sku":"giftcard-steam-us-20","quantity":1,"reference":"shop-order-8812","max_price":"19.40"}'`);
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
