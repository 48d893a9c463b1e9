import type { Page } from "@playwright/test";
import { parseMoney } from "../lib/money/money";
import { visitAndShoot } from "./support/screenshots";
import { expect, test } from "./support/test";
import { registerReseller, signIn } from "./support/sign-in";

/* The Subscription page: judy (Silver, 1000.00) upgrades to Gold through the confirmation and sees catalog prices drop. */

async function catalogPrice(page: Page, sku: string): Promise<bigint> {
  await page.goto("/catalog?q=steam");
  const text = await page.locator(`[data-testid="product-card"][data-sku="${sku}"]`).innerText();
  const match = /(\d+\.\d{2,6})/.exec(text);
  expect(match, text).not.toBeNull();
  return parseMoney(match![1])!;
}

test("upgrade from the Subscription page: the confirmation shows the charge, the charge is taken, prices drop", async ({ page, fixtures }) => {
  await signIn(page, fixtures.judy.email, fixtures.judy.password, /\/dashboard$/);
  await expect(page.getByTestId("tier-days-left")).toContainText(/\d+ days? left/);
  const before = await catalogPrice(page, "giftcard-steam-us-20");

  await visitAndShoot(page, "subscription", "/subscription");
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto("/subscription");
  await expect(page.getByTestId("current-tier")).toContainText("Silver");
  const gold = page.getByTestId("tier-Gold");
  await expect(gold).toContainText("149.00");
  await gold.getByRole("button", { name: "Upgrade to Gold" }).click();
  const question = gold.getByTestId("confirm-charge");
  await expect(question).toContainText(/Charge \d+\.\d{2,6} USD/);
  const shown = /(\d+\.\d{2,6}) USD/.exec(await question.innerText())![1];
  expect(parseMoney(shown)!).toBeGreaterThan(0n);
  expect(parseMoney(shown)!).toBeLessThanOrEqual(100_000_000n);
  await page.screenshot({ path: "screenshots/subscription-confirm-desktop.png", fullPage: true });
  await gold.getByRole("button", { name: `Pay ${shown} USD` }).click();
  await expect(page.getByText(`You are on Gold now. Charged ${shown} USD.`)).toBeVisible();
  await expect(page.getByTestId("current-tier")).toContainText("Gold");

  // The transaction is exactly the confirmed charge.
  await page.goto("/balance");
  await expect(page.getByText(`-${shown}`).first()).toBeVisible();

  const after = await catalogPrice(page, "giftcard-steam-us-20");
  expect(after).toBeLessThan(before);
  expect(after).toBe(18_236_000n);
});

test("an upgrade the balance cannot pay says how much is missing and offers a top-up, not a payment", async ({ page }) => {
  await registerReseller(page, "Empty Shop", `e2e-sub-short-${Date.now()}@example.test`, "empty-shop-password-1");
  await page.goto("/subscription");
  const silver = page.getByTestId("tier-Silver");
  await silver.getByRole("button", { name: "Upgrade to Silver" }).click();
  await expect(silver.getByTestId("confirm-short")).toHaveText("The charge is 49.00 USD: your balance is 49.00 USD short. Top up");
  await expect(silver.getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/topup");
  await expect(silver.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await silver.getByRole("button", { name: "Cancel" }).click();
  await expect(silver.getByRole("button", { name: "Upgrade to Silver" })).toBeVisible();
});

test("auto-renew switches off and on", async ({ page, fixtures }) => {
  await signIn(page, fixtures.judy.email, fixtures.judy.password, /\/dashboard$/);
  await page.goto("/subscription");
  const state = page.getByTestId("auto-renew-state");
  await expect(state).toHaveText("on");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(state).toHaveText("off");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(state).toHaveText("on");
});

test("admins see the tariffs, their history, and set a reseller's tier by hand", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.getByRole("link", { name: "Tariffs" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Tariffs" })).toBeVisible();
  await expect(page.getByLabel("Monthly price (USD)").nth(2)).toHaveValue("149.00");

  await page.goto(`/admin/resellers/${fixtures.kate.id}`);
  await page.getByLabel("Tier").selectOption("Gold");
  await page.getByRole("button", { name: "Set tier" }).click();
  await expect(page.getByTestId("confirm-question")).toHaveText(
    `Set ${fixtures.kate.email} from Bronze to Gold? Nothing is charged; Gold runs from now for a month.`,
  );
  await page.getByRole("button", { name: "Set Gold" }).click();
  await expect(page.getByText("Tier set to Gold.")).toBeVisible();
  await expect(page.getByTestId("reseller-tier")).toHaveText("Gold");
  // Answered, the question closes, and the choice stays beside the message (a reset showed "Bronze").
  await expect(page.getByTestId("confirm-question")).toHaveCount(0);
  await expect(page.getByLabel("Tier")).toHaveValue("Gold");

  await page.goto("/admin/tariffs");
  await expect(page.getByText("Reseller tier").first()).toBeVisible();
  await expect(page.getByText("tier: Gold").first()).toBeVisible();
  await visitAndShoot(page, "admin-tariffs", "/admin/tariffs");
});

test("a mistyped tariff keeps what the admin typed beside the error, and a saved one shows what was saved", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto("/admin/tariffs");
  const silver = page.getByTestId("tariff-form-Silver");
  const price = silver.getByLabel("Monthly price (USD)");
  const giftCards = silver.getByLabel("Gift cards");
  await expect(price).toHaveValue("49.00");
  await expect(giftCards).toHaveValue("3.5");

  // Neither is saved; the fields keep the typed text, so the message sits beside the value it is about.
  await price.fill("49.999");
  await giftCards.fill("150");
  await silver.getByRole("button", { name: "Save Silver…" }).click();
  await expect(silver.getByTestId("confirm-question")).toHaveText(
    "Save Silver: 49.999 USD a month (was 49.00), Gift cards 150% (was 3.5%)? Prices change at once for every Silver reseller.",
  );
  await silver.getByRole("button", { name: "Save Silver", exact: true }).click();
  await expect(silver.getByText("Less than 100: nothing is given away.").last()).toBeVisible();
  await expect(price).toHaveValue("49.999");
  await expect(giftCards).toHaveValue("150");

  // The same tariff written another way saves as is, and the form shows it as stored.
  await price.fill("49");
  await giftCards.fill("03.50");
  await silver.getByLabel("Manual orders").fill("");
  await silver.getByRole("button", { name: "Save Silver…" }).click();
  await expect(silver.getByTestId("confirm-question")).toHaveText("Nothing differs from the saved Silver tariff. Save it as it is?");
  await silver.getByRole("button", { name: "Save Silver", exact: true }).click();
  await expect(silver.getByText("Silver saved: 49.00 USD a month.")).toBeVisible();
  await expect(price).toHaveValue("49.00");
  await expect(giftCards).toHaveValue("3.5");
  await expect(silver.getByLabel("Manual orders")).toHaveValue("0");
});
