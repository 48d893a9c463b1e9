import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function signIn(page: Page, email: string, password: string, landing: RegExp) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landing);
}

/** Visits a page at both sizes, checks its main heading and saves full-page shots to screenshots/. */
async function shoot(page: Page, name: string, path: string, heading?: string | RegExp) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(path);
    const h1 = page.getByRole("heading", { level: 1, ...(heading ? { name: heading } : {}) }).first();
    await expect(h1).toBeVisible();
    // Nothing may be wider than the screen (no sideways scrolling on a phone).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport.name} overflows horizontally`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `screenshots/${name}-${viewport.name}.png`, fullPage: true });
  }
}

/** Shoots the current page as it is (no navigation) at both sizes. */
async function still(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport.name} overflows horizontally`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `screenshots/${name}-${viewport.name}.png`, fullPage: true });
  }
}

test("reseller pages at desktop and phone sizes", async ({ page, fixtures }) => {
  await shoot(page, "login", "/login", "Sign in");
  await shoot(page, "register", "/register", "Create a reseller account");
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page, fixtures.alice.email, fixtures.alice.password, /\/dashboard$/);
  await shoot(page, "dashboard", "/dashboard", "Dashboard");
  await shoot(page, "balance", "/balance", "Balance & transactions");
  await shoot(page, "api-keys", "/api-keys", "API keys");
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByLabel("Name").fill("Screenshot key");
  await page.getByLabel("IP allowlist (optional)").fill("203.0.113.7, 198.51.100.0/24");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("new-api-key")).toBeVisible();
  await still(page, "api-keys-new-key");
  await shoot(page, "profile", "/profile", "Profile");
  await shoot(page, "not-built-yet-catalog", "/catalog", "Catalog");
  await shoot(page, "docs", "/docs");

  // The phone menu opens over the page and lists every section.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#mobile-nav");
  await expect(menu.getByRole("link", { name: "API keys" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: "screenshots/phone-menu-open.png" });
  await menu.getByRole("link", { name: "Balance & transactions" }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(menu).toHaveCount(0);
});

test("admin pages at desktop and phone sizes", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await shoot(page, "admin-resellers", "/admin", "Resellers");
  await shoot(page, "admin-reseller-detail", `/admin/resellers/${fixtures.alice.id}`, fixtures.alice.email);
  // The confirmation step of a balance adjustment (not applied).
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByLabel("Amount (USD)").fill("-12.5");
  await page.getByLabel("Note").fill("Chargeback for order 8812");
  await page.getByRole("button", { name: "Review adjustment" }).click();
  await expect(page.getByTestId("adjust-preview")).toHaveText("Balance 100.00 → 87.50");
  await still(page, "admin-adjust-preview");
});
