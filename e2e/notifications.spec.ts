import { startReceiver, type TestReceiver } from "@/lib/webhooks/testing/receiver";
import { screenshotAtBothSizes } from "./support/screenshots";
import { signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

/*
 * Notifications in the browser as nina: her webhook is driven to disabled against a receiver in this
 * process that answers 500 (the e2e server allows private addresses), the bell counts what came of it,
 * the list marks read, the preferences save. The steps build on each other.
 */
test.describe.configure({ mode: "serial" });

let receiver: TestReceiver;

test.beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 500, body: "broken" }));
});
test.afterAll(async () => {
  await receiver.close();
});

test("the bell counts a webhook's failing and disabled notices; the list marks them read", async ({ page, request, fixtures }) => {
  const headers = { "X-API-Key": fixtures.nina.apiKey };
  await signIn(page, fixtures.nina.email, fixtures.nina.password);
  // Her API key's creation is her first notice.
  await expect(page.getByTestId("bell").first()).toHaveAccessibleName("Notifications, 1 unread");

  expect((await request.put("/api/v2/account/webhook", { headers, data: { url: receiver.url, enabled: true } })).status()).toBe(200);
  const placed = await request.post("/api/v2/order", { headers, data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {} } });
  expect(placed.status()).toBe(201);
  // Redeliveries count like any delivery: they take the failure count to 50, which disables the webhook.
  await expect.poll(async () => (await (await request.get("/api/v2/account/webhook/deliveries", { headers })).json()).data.length).toBeGreaterThan(0);
  const [delivery] = (await (await request.get("/api/v2/account/webhook/deliveries", { headers })).json()).data;
  for (let i = 0; i < 60; i++) {
    const webhook = await (await request.get("/api/v2/account/webhook", { headers })).json();
    if (!webhook.enabled) break;
    await request.post(`/api/v2/account/webhook/deliveries/${delivery.delivery_id}/redeliver`, { headers });
  }
  expect(await (await request.get("/api/v2/account/webhook", { headers })).json()).toMatchObject({ enabled: false, disabled_reason: "consecutive_failures" });

  // The API lists the same notices; an id that is not one of hers is a 404 that says so.
  const listed = await (await request.get("/api/v2/account/notifications", { headers })).json();
  expect(listed.unread).toBe(3);
  expect(listed.data.map((n: { kind: string }) => n.kind)).toEqual(["webhook_disabled", "webhook_failing", "security"]);
  const unknown = await request.post("/api/v2/account/notifications/ntf_nope/read", { headers });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error).toMatchObject({ code: "not_found", message: "Notification was not found." });

  await page.reload();
  const bell = page.getByTestId("bell").first();
  await expect(bell).toHaveAccessibleName("Notifications, 3 unread");
  await expect(page.getByTestId("bell-count").first()).toHaveText("3");
  await screenshotAtBothSizes(page, "notifications-bell");

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const items = page.getByTestId("notification");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Your webhook was disabled");
  await expect(items.nth(0)).toContainText("turn the webhook on again on the Webhooks page");
  await expect(items.nth(1)).toContainText("Your webhook is failing");
  await expect(items.nth(1)).toContainText("10 deliveries in a row");
  await expect(items.nth(2)).toContainText("API key created");
  await screenshotAtBothSizes(page, "notifications-list");

  await items.nth(1).getByRole("button", { name: "Mark read" }).click();
  await expect(items.nth(1)).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("bell").first()).toHaveAccessibleName("Notifications, 2 unread");
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByText("Everything is read.")).toBeVisible();
  await expect(page.getByTestId("bell-count")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark read" })).toHaveCount(0);
  expect(await (await request.post("/api/v2/account/notifications/read-all", { headers })).json()).toEqual({ marked: 0 });

  // The notice's link leads to where it is fixed.
  await items.nth(0).getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
});

test("preferences turn an email off, keep mandatory ones locked on, and set the low-balance threshold", async ({ page, fixtures }) => {
  await signIn(page, fixtures.nina.email, fixtures.nina.password);
  await page.goto("/notifications/preferences");
  await expect(page.getByRole("heading", { level: 1, name: "Notification preferences" })).toBeVisible();
  const disabled = page.getByRole("checkbox", { name: /Webhook disabled/ });
  await expect(disabled).toBeChecked();
  await expect(disabled).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: /Security/ })).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: /Subscription renewal failed/ })).toBeDisabled();
  await expect(page.getByLabel("Low balance threshold (USD)")).toHaveValue("10.00");
  await screenshotAtBothSizes(page, "notification-preferences");

  await page.getByRole("checkbox", { name: /Webhook failing/ }).uncheck();
  await page.getByLabel("Low balance threshold (USD)").fill("ten dollars");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Enter an amount in USD, like 10.00 (0 turns the reminder off).")).toBeVisible();
  await expect(page.getByLabel("Low balance threshold (USD)")).toHaveValue("ten dollars");

  await page.getByLabel("Low balance threshold (USD)").fill("25");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Preferences saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Webhook failing/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Order failed/ })).toBeChecked();
  await expect(page.getByLabel("Low balance threshold (USD)")).toHaveValue("25.00");
});

test("an admin's announcement reaches the resellers' bells, as does a sign-in from a new address", async ({ page, fixtures, clientIp }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto("/admin/announcements");
  await expect(page.getByText("No announcements yet")).toBeVisible();
  await page.getByRole("button", { name: "Send to all resellers" }).click();
  await expect(page.getByText("Write a title.")).toBeVisible();
  await expect(page.getByText("Write the message.")).toBeVisible();
  await page.getByLabel("Title").fill("Maintenance on Sunday");
  await page.getByLabel("Message").fill("The API pauses from 02:00 to 02:15 UTC.");
  await page.getByRole("button", { name: "Send to all resellers" }).click();
  await expect(page.getByText(/^Sent to \d+ resellers\.$/)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Maintenance on Sunday" })).toBeVisible();

  // Nina signs in again, from an address she never used (each test has its own): that is a notice too.
  await page.context().clearCookies();
  await signIn(page, fixtures.nina.email, fixtures.nina.password);
  await page.getByTestId("bell").first().click();
  const items = page.getByTestId("notification");
  await expect(items.first()).toContainText("Sign-in from a new IP address");
  await expect(items.first()).toContainText(clientIp);
  await expect(items.filter({ hasText: "Maintenance on Sunday" })).toContainText("The API pauses from 02:00 to 02:15 UTC.");
});
