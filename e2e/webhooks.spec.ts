import type { Page } from "@playwright/test";
import { startReceiver, verifiedWith, type TestReceiver } from "@/lib/webhooks/testing/receiver";
import { screenshotAtBothSizes } from "./support/screenshots";
import { expect, test } from "./support/test";
import { signIn } from "./support/sign-in";

/*
 * The webhooks page, driven in the browser as grace, against a real receiver in this process
 * (the e2e server allows private addresses). The steps build on each other.
 */
test.describe.configure({ mode: "serial" });

let receiver: TestReceiver;
let failing = false;

test.beforeAll(async () => {
  receiver = await startReceiver(() => (failing ? { status: 503, body: "maintenance" } : { status: 200, body: "thanks" }));
});
test.afterAll(async () => {
  await receiver.close();
});

async function revealSecret(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Reveal secret" }).click();
  const box = page.getByTestId("webhook-secret");
  await expect(box).toHaveText(/^whsec_[0-9A-Za-z]{32}$/);
  return (await box.textContent())!.trim();
}

test("configure a webhook, send a test, see it in the log; reveal, copy and rotate the secret", async ({ page, context, fixtures }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, fixtures.grace.email, fixtures.grace.password);
  await page.goto("/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByText("Not configured")).toBeVisible();
  await expect(page.getByText("No deliveries yet")).toBeVisible();
  await screenshotAtBothSizes(page, "webhooks-empty");

  // Validation messages come back on the field.
  await page.getByLabel("Endpoint URL").fill("ftp://files.example/hook");
  await page.getByRole("button", { name: "Save webhook" }).click();
  await expect(page.getByText("The URL must start with https:// or http://.")).toBeVisible();
  await expect(page.getByLabel("Endpoint URL")).toHaveValue("ftp://files.example/hook");

  await page.getByLabel("Endpoint URL").fill(receiver.url);
  await page.getByLabel("Send events to this URL").check();
  await page.getByRole("button", { name: "Save webhook" }).click();
  await expect(page.getByText("Webhook saved. Your signing secret was created: reveal it below.")).toBeVisible();
  await expect(page.getByText("Enabled", { exact: true })).toBeVisible();

  // The secret, revealed on demand and copied.
  const secret = await revealSecret(page);
  await page.getByRole("button", { name: "Copy secret" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // A test event: the receiver's answer shows at once, and the log picks the delivery up.
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => receiver.received.length).toBe(1);
  const result = page.getByTestId("test-result");
  await expect(result).toContainText("Succeeded");
  await expect(result).toContainText("HTTP 200");
  await expect(result).toContainText(/\d+ ms/);
  await expect(result).toContainText("thanks");
  expect(verifiedWith(secret, receiver.received[0])).toBe(true);

  const rows = page.getByTestId("delivery-row");
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText("webhook.test");
  await expect(row).toContainText("Test");
  await expect(row).toContainText("HTTP 200");
  await row.getByText("Payload and answer").click();
  await expect(row.getByTestId("delivery-payload")).toContainText('"message": "test"');
  await screenshotAtBothSizes(page, "webhooks");

  // Rotation asks first, says the old secret stops at once, and shows the new one.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByText("The old secret stops working at once. Rotate?")).toBeVisible();
  await page.getByRole("button", { name: "Rotate now" }).click();
  await expect(page.getByText("New secret in force.")).toBeVisible();
  const box = page.getByTestId("webhook-secret");
  await expect(box).not.toHaveText(secret);
  const rotated = (await box.textContent())!.trim();
  expect(rotated).toMatch(/^whsec_[0-9A-Za-z]{32}$/);

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => receiver.received.length).toBe(2);
  await expect(page.getByRole("button", { name: "Send test event" })).toBeEnabled();
  await expect(result).toContainText("HTTP 200");
  expect(verifiedWith(rotated, receiver.received[1])).toBe(true);
  expect(verifiedWith(secret, receiver.received[1])).toBe(false);
  await expect(rows).toHaveCount(2);

  // Reloading and revealing again shows the rotated secret.
  await page.reload();
  expect(await revealSecret(page)).toBe(rotated);
});

test("the log refreshes by itself, redelivers, and a webhook paused after 50 failures is re-enabled in one click", async ({ page, request, fixtures }) => {
  await signIn(page, fixtures.grace.email, fixtures.grace.password);
  await page.goto("/webhooks");
  const rows = page.getByTestId("delivery-row");
  await expect(rows).toHaveCount(2);

  // A delivery made elsewhere (the API) appears without reloading.
  const headers = { "X-API-Key": fixtures.grace.apiKey };
  const made = await (await request.post("/api/v2/account/webhook/test", { headers })).json();
  await expect(page.locator(`[data-delivery-id="${made.delivery_id}"]`)).toBeVisible();
  await expect(rows).toHaveCount(3);

  // Redeliver from the log.
  await rows.first().getByRole("button", { name: "Redeliver" }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText("Attempt2");

  // An order's events are delivered and logged.
  const placed = await request.post("/api/v2/order", { headers, data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {} } });
  expect(placed.status()).toBe(201);
  await expect(rows.filter({ hasText: "order.status_changed" })).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.filter({ hasText: "order.created" })).toHaveCount(1);

  // 50 failed attempts in a row (redeliveries count like any delivery) pause the webhook.
  failing = true;
  const orderDelivery = (await (await request.get("/api/v2/account/webhook/deliveries", { headers })).json()).data.find(
    (d: { event: string }) => d.event === "order.created",
  );
  for (let i = 0; i < 50; i++) {
    const response = await request.post(`/api/v2/account/webhook/deliveries/${orderDelivery.delivery_id}/redeliver`, { headers });
    expect((await response.json()).status).toBe("failed");
  }
  const paused = await (await request.get("/api/v2/account/webhook", { headers })).json();
  expect(paused).toMatchObject({ enabled: false, consecutive_failures: 50, disabled_reason: "consecutive_failures" });

  await page.reload();
  const banner = page.getByTestId("webhook-disabled-banner");
  await expect(banner).toContainText("Deliveries are paused");
  await expect(banner).toContainText("50 consecutive failed attempts");
  await expect(page.getByText("Paused after failures")).toBeVisible();
  await expect(rows.first()).toContainText("HTTP 503");
  await expect(rows).toHaveCount(20);
  await page.getByRole("button", { name: "Show older deliveries" }).click();
  await expect(rows).toHaveCount(40);
  await screenshotAtBothSizes(page, "webhooks-paused");

  failing = false;
  await banner.getByRole("button", { name: "Re-enable webhook" }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByText("Enabled", { exact: true })).toBeVisible();
  expect(await (await request.get("/api/v2/account/webhook", { headers })).json()).toMatchObject({
    enabled: true,
    consecutive_failures: 0,
    disabled_reason: null,
  });
});

test("Recover sends again, after a confirmation with their count, the events missed while the webhook was off", async ({ page, request, fixtures }) => {
  const headers = { "X-API-Key": fixtures.grace.apiKey };
  await signIn(page, fixtures.grace.email, fixtures.grace.password);
  await page.goto("/webhooks");
  const secret = await revealSecret(page);

  // Off, an order meanwhile (its events are not sent), then on again.
  await page.getByLabel("Send events to this URL").uncheck();
  await page.getByRole("button", { name: "Save webhook" }).click();
  await expect(page.getByText("Off", { exact: true })).toBeVisible();
  const recover = page.getByRole("button", { name: "Recover", exact: true });
  await expect(recover).toBeDisabled();
  await expect(page.getByText("Enable the webhook first")).toBeVisible();
  const before = receiver.received.length;
  const placed = await request.post("/api/v2/order", { headers, data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {} } });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  await expect
    .poll(async () => (await (await request.get(`/api/v2/order/${order.order_id}`, { headers })).json()).status, { timeout: 20_000 })
    .toBe("completed");
  expect(receiver.received).toHaveLength(before);
  await page.getByLabel("Send events to this URL").check();
  await page.getByRole("button", { name: "Save webhook" }).click();
  await expect(page.getByText("Enabled", { exact: true })).toBeVisible();

  // The time defaults to a day ago, in the browser's zone.
  const since = page.getByLabel("Events since");
  await expect(since).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  const ageHours = await since.evaluate((input: HTMLInputElement) => (Date.now() - new Date(input.value).getTime()) / 3_600_000);
  expect(ageHours).toBeGreaterThan(23.9);
  expect(ageHours).toBeLessThan(24.1);

  // The confirmation says how many; Cancel sends nothing.
  await recover.click();
  const dialog = page.getByRole("dialog", { name: "Confirm recovery" });
  await expect(dialog).toContainText("This sends 2 events that never reached your receiver, oldest first.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(receiver.received).toHaveLength(before);

  await recover.click();
  await screenshotAtBothSizes(page, "webhooks-recover");
  await dialog.getByRole("button", { name: "Send 2 events" }).click();
  await expect(page.getByText("2 events queued, oldest first")).toBeVisible();
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(before + 2);
  const arrived = receiver.received
    .slice(before)
    .map((r) => ({ event: JSON.parse(r.body).event, order: JSON.parse(r.body).data.order_id, signed: verifiedWith(secret, r) }));
  // One change, one timestamp: the two events have no order between them.
  expect(arrived.sort((a, b) => a.event.localeCompare(b.event))).toEqual([
    { event: "order.created", order: order.order_id, signed: true },
    { event: "order.status_changed", order: order.order_id, signed: true },
  ]);
  // The log picks them up by itself, newest first: the two recovered attempts on top, delivered.
  const rows = page.getByTestId("delivery-row");
  const newest = async () => [await rows.nth(0).innerText(), await rows.nth(1).innerText()];
  const shown = (texts: string[]) =>
    ["order.created", "order.status_changed"].every((event) => texts.some((text) => text.includes(event))) && texts.every((text) => text.includes("HTTP 200"));
  await expect.poll(async () => shown(await newest()), { timeout: 20_000 }).toBe(true);

  // Nothing is missing any more.
  await recover.click();
  await expect(dialog).toContainText("No event since then is missing");
});
