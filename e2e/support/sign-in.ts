import type { Browser, Page } from "@playwright/test";
import { linkIn, waitForMail } from "./mailbox";
import { expect, uniqueClientIp } from "./test";

/** Signs in through the login form and waits for the landing page (resellers land on the dashboard). */
export async function signIn(page: Page, email: string, password: string, landing: RegExp = /\/dashboard$/) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landing);
}

/** Fills and sends the registration form; the page then asks to confirm the address by mail. */
export async function submitRegistration(page: Page, name: string, email: string, password: string) {
  await page.goto("/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("registered")).toContainText(email);
}

/** Follows the confirmation link mailed to the address (the e2e server sends through its loopback SMTP server). */
export async function confirmAddress(page: Page, email: string) {
  const mail = await waitForMail(new URL(page.url()).origin, email, /Confirm your email address/);
  await page.goto(linkIn(mail, "/verify-email"));
  await page.getByRole("button", { name: "Confirm this address" }).click();
  await expect(page.getByText(`${email} is confirmed.`)).toBeVisible();
}

/** Registers a new reseller through the form, confirms the address from the mail and signs in: it lands on the dashboard. */
export async function registerReseller(page: Page, name: string, email: string, password: string) {
  await submitRegistration(page, name, email, password);
  await confirmAddress(page, email);
  await signIn(page, email, password);
}

/** A second signed-in browser (its own cookies and client IP) for the other side of a flow. */
export async function otherSide(browser: Browser, baseURL: string, email: string, password: string, landing: RegExp): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 }, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
  const page = await context.newPage();
  await signIn(page, email, password, landing);
  return page;
}
