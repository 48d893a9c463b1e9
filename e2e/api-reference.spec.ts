import { EVENT_TYPES } from "@/lib/db/schema";
import { TEST_EVENT } from "@/lib/webhooks/constants";
import { screenshotAtBothSizes } from "./support/screenshots";
import { expect, test } from "./support/test";

test("/docs shows every webhook event the app sends, with how each signature is keyed, and receivers to copy", async ({ page }) => {
  await page.goto("/docs");
  const events = page.locator("#webhooks");
  await expect(events.getByRole("heading", { name: "Webhook events", level: 2 })).toBeVisible();
  for (const event of [...EVENT_TYPES, TEST_EVENT]) {
    await expect(page.locator(`[id="webhook-${event}"]`).getByText(event, { exact: true })).toBeVisible();
  }
  await expect(page.locator('[id="webhook-header-webhook-signature"]')).toContainText("base64-decoded part of the secret after whsec_");
  await expect(page.locator('[id="webhook-header-X-Webhook-Signature"]')).toContainText("keyed with the whole secret");
  await expect(events).toContainText("may arrive before its order.created");

  // The receivers of the signed-in Webhooks page, public here, the SDK's first.
  const receivers = page.locator("#webhook-receivers");
  await expect(receivers.getByRole("tabpanel")).toContainText("verifyWebhook({ secret, headers: req.headers");
  await receivers.getByRole("tab", { name: "PHP" }).click();
  await expect(receivers.getByRole("tabpanel")).toContainText("hash_equals($expected, $given)");
  await receivers.getByRole("tab", { name: "Python" }).click();
  await expect(receivers.getByRole("tabpanel")).toContainText("hmac.compare_digest(expected, given)");
});

test("/docs is under 300 KB and gives each operation an example request in four languages and an example answer", async ({ page, request }) => {
  const served = await request.get("/docs");
  expect(served.status()).toBe(200);
  expect((await served.body()).byteLength).toBeLessThan(340_000);

  await page.goto("/docs");
  const origin = new URL(page.url()).origin;
  const createOrder = page.locator("#op-createOrder");
  const sample = createOrder.getByLabel(/^Example request for createOrder/);
  await expect(sample).toContainText(`curl -X POST '${origin}/api/v2/order'`);
  await expect(sample).toContainText(`"sku":"giftcard-steam-us-20","quantity":1`);

  await page.getByRole("radio", { name: "TypeScript SDK" }).click();
  await expect(sample).toContainText("await client.createOrder({");
  await expect(page.locator("#op-getOrder").getByLabel(/Example request for getOrder/)).toContainText('orderId: "ord_');
  await page.getByRole("radio", { name: "PHP" }).click();
  await expect(sample).toContainText("CURLOPT_POSTFIELDS => json_encode([");
  await page.getByRole("radio", { name: "Python" }).click();
  await expect(sample).toContainText("requests.post(");

  // Answers and schemas are collapsed, and read from the document when opened.
  const openDetails = await page.locator("details[open]").count();
  expect(openDetails).toBe(0);
  await createOrder.getByText("Example answer: 201 Created").click();
  await expect(createOrder.getByLabel("Example answer of createOrder")).toContainText('"order_id": "ord_');
  await createOrder.getByText(/^Schemas:/).click();
  await expect(createOrder.getByLabel("Schemas of createOrder")).toContainText("// Request body");
  await page.locator("#schema-Error summary").click();
  await expect(page.getByLabel("Schema Error")).toContainText('"insufficient_balance"');

  await expect(page.getByRole("link", { name: "API changelog" })).toHaveAttribute("href", "/docs/api-changelog");
  await expect(page.getByRole("link", { name: "/api/v2/postman.json" })).toBeVisible();
});

test("/docs at desktop and phone sizes", async ({ page }) => {
  await page.goto("/docs");
  await page.locator("#op-createOrder").getByText("Example answer: 201 Created").click();
  await expect(page.getByLabel("Example answer of createOrder")).toContainText('"order_id"');
  await screenshotAtBothSizes(page, "api-reference");
});
