import type { Browser, Page } from "@playwright/test";
import { expect, uniqueClientIp } from "./test";

/** Signs in through the login form and waits for the landing page (resellers land on the dashboard). */
export async function signIn(page: Page, email: string, password: string, landing: RegExp = /\/dashboard$/) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landing);
}

/** Registers a new reseller through the form; it lands signed in on the dashboard. */
export async function registerReseller(page: Page, name: string, email: string, password: string) {
  await page.goto("/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A second signed-in browser (its own cookies and client IP) for the other side of a flow. */
export async function otherSide(browser: Browser, baseURL: string, email: string, password: string, landing: RegExp): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 }, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
  const page = await context.newPage();
  await signIn(page, email, password, landing);
  return page;
}
