import { EVENT_TYPES } from "@/lib/db/schema";
import { TEST_EVENT } from "@/lib/webhooks/constants";
import { expect, test } from "./support/test";

test("/docs shows every webhook event the app sends, with how each signature is keyed", async ({ page }) => {
  await page.goto("/docs");
  const events = page.locator("#webhooks");
  await expect(events.getByRole("heading", { name: "Webhook events", level: 2 })).toBeVisible();
  for (const event of [...EVENT_TYPES, TEST_EVENT]) {
    await expect(page.locator(`[id="webhook-${event}"]`).getByText(event, { exact: true })).toBeVisible();
  }
  await expect(page.locator('[id="webhook-header-webhook-signature"]')).toContainText("base64-decoded part of the secret after whsec_");
  await expect(page.locator('[id="webhook-header-X-Webhook-Signature"]')).toContainText("keyed with the whole secret");
  await expect(events).toContainText("may arrive before its order.created");
});
