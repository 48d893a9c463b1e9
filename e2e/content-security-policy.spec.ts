import type { Page } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

/*
 * The pages under their Content-Security-Policy (proxy.ts): each main page runs its scripts, loads its
 * styles, charts and QR codes, polls and posts its forms with no violation reported, while a script
 * the server did not sign is refused.
 */

declare global {
  interface Window {
    cspViolations: string[];
    injectedScriptRan?: boolean;
  }
}

/** Records every violation the pages of `page` report, and every console error. */
function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  void page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return errors;
}

/** Opens `path` (or checks the page already there), waits for Next's client to start, and finds no violation; then a script nobody signed is refused. */
async function expectCleanPage(page: Page, errors: string[], path?: string) {
  if (path) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
  }
  await page.waitForLoadState("networkidle");
  // Next's bootstrap script sets window.next: a page whose scripts were refused never gets it.
  await page.waitForFunction(() => (window as unknown as { next?: { appDir?: boolean } }).next?.appDir === true);
  const where = page.url();
  expect(await page.evaluate(() => window.cspViolations), `violations on ${where}`).toEqual([]);
  expect(errors, `console errors on ${where}`).toEqual([]);

  // Markup that slipped past escaping, as an XSS would bring it: its handler must not run.
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", `<img alt="" src="data:," onerror="window.injectedScriptRan = true">`));
  await expect.poll(() => page.evaluate(() => window.cspViolations)).toEqual([expect.stringMatching(/^script-src-attr blocked inline/)]);
  expect(await page.evaluate(() => window.injectedScriptRan), `an unsigned handler ran on ${where}`).toBeUndefined();
  // The browser says so on the console too; that refusal is the one this check caused.
  await expect.poll(() => errors).toEqual([expect.stringMatching(/^console: Executing inline event handler violates/)]);
  errors.length = 0;
  await page.evaluate(() => (window.cspViolations = []));
}

test("signed out: sign-in, registration and the API reference run under the policy", async ({ page }) => {
  const errors = watch(page);
  for (const path of ["/login", "/register", "/docs"]) await expectCleanPage(page, errors, path);
});

test("a reseller's pages run under the policy: chart, catalog, orders and chat, invoice QR code, webhooks, keys", async ({ page, fixtures }) => {
  test.setTimeout(120_000);
  const errors = watch(page);
  await signIn(page, fixtures.oscar.email, fixtures.oscar.password);
  await expect(page.getByTestId("spend-chart")).toBeVisible();
  await expectCleanPage(page, errors);
  for (const path of [
    "/catalog",
    "/catalog/giftcard-steam-us-10",
    "/orders",
    `/orders/${fixtures.fullChatOrderId}`,
    "/balance",
    "/webhooks",
    "/api-keys",
    "/subscription",
    "/profile",
    "/topup",
  ]) {
    await expectCleanPage(page, errors, path);
  }
  // A server action, then the invoice page: its QR code and the status it polls.
  await page.getByLabel("Amount (USDT)").fill("25");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/topup\/pay_[0-9A-Z]+$/);
  await expect(page.getByTestId("invoice-qr").locator("svg")).toBeVisible();
  await expect(page.getByTestId("invoice-countdown")).toHaveText(/^59:\d{2}$/);
  await expectCleanPage(page, errors);
});

test("the admin's pages run under the policy", async ({ page, fixtures }) => {
  test.setTimeout(120_000);
  const errors = watch(page);
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await expectCleanPage(page, errors);
  for (const path of [
    "/admin/orders",
    `/admin/orders/${fixtures.fullChatOrderId}`,
    "/admin/products",
    "/admin/products/giftcard-steam-us-10",
    "/admin/products/new",
    `/admin/resellers/${fixtures.oscar.id}`,
    "/admin/payments",
    "/admin/tariffs",
    "/admin/system",
  ]) {
    await expectCleanPage(page, errors, path);
  }
});
