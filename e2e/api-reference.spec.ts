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

test("/docs is under 300 KB and gives each operation an example request in four languages and an example answer", async ({ page, request, context }) => {
  const served = await request.get("/docs");
  expect(served.status()).toBe(200);
  expect((await served.body()).byteLength).toBeLessThan(300_000);

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs");
  const origin = new URL(page.url()).origin;
  const createOrder = page.locator("#op-createOrder");
  // Collapsed, opened from the keyboard, and written from the document then.
  await createOrder.getByText("Example request", { exact: true }).focus();
  await page.keyboard.press("Enter");
  const sample = createOrder.getByLabel(/^Example request for createOrder/);
  await expect(sample).toContainText(`curl -X POST '${origin}/api/v2/order'`);
  await expect(sample).toContainText(`"sku":"giftcard-steam-us-20","quantity":1`);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(createOrder.getByRole("button", { name: "Copy curl" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(createOrder.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await sample.innerText());

  await page.getByRole("radio", { name: "TypeScript SDK" }).click();
  await expect(sample).toContainText("await client.createOrder({");
  const getOrder = page.locator("#op-getOrder");
  await getOrder.getByText("Example request", { exact: true }).click();
  await expect(getOrder.getByLabel(/Example request for getOrder/)).toContainText('orderId: "ord_');
  await page.getByRole("radio", { name: "PHP" }).click();
  await expect(sample).toContainText("CURLOPT_POSTFIELDS => json_encode([");
  await page.getByRole("radio", { name: "Python" }).click();
  await expect(sample).toContainText("requests.post(");
  await expect(createOrder.getByRole("button", { name: "Copy Python" })).toBeVisible();

  // Answers and schemas too are collapsed, and read from the document when opened.
  await createOrder.getByText("Example answer: 201 Created").click();
  await expect(createOrder.getByLabel("Example answer of createOrder")).toContainText('"order_id": "ord_');
  await createOrder.getByText(/^Schemas:/).click();
  await expect(createOrder.getByLabel("Schemas of createOrder")).toContainText("// Request body");
  await page.locator("#schema-Error summary").click();
  await expect(page.getByLabel("Schema Error")).toContainText('"insufficient_balance"');

  await expect(page.getByRole("link", { name: "API changelog" })).toHaveAttribute("href", "/docs/api-changelog");
  await expect(page.getByRole("link", { name: "/api/v2/postman.json" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/docs links every operation's curl example", async ({ page }) => {
    await page.goto("/docs");
    await expect(page.locator("details[open]")).toHaveCount(0);
    await page.getByRole("link", { name: "/docs/curl" }).click();
    const origin = new URL(page.url()).origin;
    await expect(page.locator("body")).toContainText(`# createOrder: Create an order\ncurl -X POST '${origin}/api/v2/order'`);
    await expect(page.locator("body")).toContainText(`# getOrder: `);
  });
});

test("/docs at desktop and phone sizes", async ({ page }) => {
  await page.goto("/docs");
  await page.locator("#op-createOrder").getByText("Example request", { exact: true }).click();
  await expect(page.getByLabel("Example request for createOrder in curl")).toContainText("curl -X POST");
  await page.locator("#op-createOrder").getByText("Example answer: 201 Created").click();
  await expect(page.getByLabel("Example answer of createOrder")).toContainText('"order_id"');
  await screenshotAtBothSizes(page, "api-reference");
});
