import type { Page } from "@playwright/test";
import { totpCode } from "../lib/auth/totp";
import { WRONG_CODE } from "../lib/auth/two-factor-messages";
import { screenshotAtBothSizes } from "./support/screenshots";
import { otherSide, registerReseller, signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

const PASSWORD = "a-long-enough-password";

// Each test signs in several times and checks pages at two sizes: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 150_000 });

const uniqueEmail = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

/** A code the app would show within the next step, later than any the set-up or an earlier sign-in used. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** Turns two-factor sign-in on from the profile, as a reseller with an authenticator app would; the secret and recovery codes. */
async function enrol(page: Page, password: string, shoot = false): Promise<{ secret: string; setupCode: string; recoveryCodes: string[] }> {
  await page.goto("/profile");
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Two-factor sign-in" }) });
  await expect(card.getByTestId("two-factor-status")).toContainText("Off");
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(card.getByTestId("two-factor-qr").locator("svg")).toBeVisible();
  const secret = (await card.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shoot) await screenshotAtBothSizes(page, "profile-two-factor-setup");

  // Nothing typed, then a wrong code: each is refused under its field, and it stays off.
  await card.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(card.getByText("Enter the code from your authenticator app.")).toBeVisible();
  const setupCode = totpCode(secret, Date.now());
  await card.getByLabel("Code", { exact: true }).fill(setupCode.replace(/^./, (d) => String((Number(d) + 5) % 10)));
  await card.getByLabel("Password", { exact: true }).fill(password);
  await card.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(card.getByText(/^That code is wrong\. Enter the current 6-digit code/)).toBeVisible();

  await card.getByLabel("Code", { exact: true }).fill(setupCode);
  await card.getByLabel("Password", { exact: true }).fill(password);
  await card.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(card.getByText("Two-factor sign-in is on. Your other sessions have ended.")).toBeVisible();
  const recoveryCodes = await card.getByTestId("recovery-codes").locator("li").allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  if (shoot) await screenshotAtBothSizes(page, "profile-two-factor-recovery-codes");
  await card.getByRole("button", { name: "I have saved them" }).click();
  await expect(card.getByTestId("two-factor-status")).toContainText("10 recovery codes are left.");
  return { secret, setupCode, recoveryCodes };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The password step of the login, which for an account with two-factor sign-in asks for the code next. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Code")).toBeVisible();
}

/** Sends the code step and waits for its answer, so that a refusal seen is this attempt's. */
async function codeStep(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  const answered = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Verify" }).click();
  await answered;
}

const refusal = (page: Page) => page.getByRole("alert").filter({ hasText: /\S/ });

test("a reseller turns on two-factor sign-in, signs in with a code or a recovery code once each, and an admin turns it off", async ({
  page,
  browser,
  baseURL,
  fixtures,
}) => {
  const email = uniqueEmail("two-factor");
  await registerReseller(page, "Two Factor Shop", email, PASSWORD);
  const laptop = await otherSide(browser, baseURL!, email, PASSWORD, /\/dashboard$/);

  const { secret, setupCode, recoveryCodes } = await enrol(page, PASSWORD, true);
  // This browser's session stands; the one signed in elsewhere with the password alone has ended.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await laptop.goto("/dashboard");
  await expect(laptop).toHaveURL(/\/login$/);
  await laptop.context().close();
  await signOut(page);

  // The right password alone makes no session.
  await passwordStep(page, email, PASSWORD);
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  await screenshotAtBothSizes(page, "login-two-factor-code");
  // The set-up's code was used: it is refused within its window too. So is a wrong one.
  await codeStep(page, setupCode);
  await expect(refusal(page)).toHaveText(WRONG_CODE);
  await codeStep(page, "12345");
  await expect(refusal(page)).toHaveText(WRONG_CODE);
  await expect(page).toHaveURL(/\/login$/);
  await codeStep(page, nextCode(secret));
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  // A recovery code signs in once.
  await passwordStep(page, email, PASSWORD);
  await codeStep(page, recoveryCodes[0].toLowerCase());
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile");
  await expect(page.getByTestId("two-factor-status")).toContainText("9 recovery codes are left.");
  await signOut(page);
  await passwordStep(page, email, PASSWORD);
  await codeStep(page, recoveryCodes[0]);
  await expect(refusal(page)).toHaveText(WRONG_CODE);

  // The reseller lost their phone: an admin turns it off.
  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto(`/admin?q=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: email }).click();
  await expect(admin.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expect(admin.getByTestId("reseller-two-factor")).toContainText("On since");
  expect(await admin.content()).not.toContain(secret);
  await admin.getByRole("button", { name: "Turn off two-factor" }).click();
  await expect(admin.getByTestId("confirm-question")).toContainText(`Turn off two-factor sign-in for ${email}?`);
  await admin.getByRole("button", { name: "Turn off two-factor" }).click();
  await expect(admin.getByText("Two-factor sign-in is off for this reseller, and their sessions have ended.")).toBeVisible();
  await expect(admin.getByTestId("reseller-two-factor")).toContainText("Off");
  await screenshotAtBothSizes(admin, "admin-reseller-two-factor");
  await admin.context().close();

  // The password alone signs in again.
  await page.getByRole("button", { name: "Use another account" }).click();
  await signIn(page, email, PASSWORD);
});

test("new recovery codes and turning off each take the password and a code, and say what was wrong", async ({ page }) => {
  const email = uniqueEmail("two-factor-off");
  await registerReseller(page, "Two Factor Off Shop", email, PASSWORD);
  const { secret, recoveryCodes } = await enrol(page, PASSWORD);
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Two-factor sign-in" }) });

  await card.getByRole("button", { name: "New recovery codes" }).click();
  await card.getByLabel("Code", { exact: true }).fill(recoveryCodes[0]);
  await card.getByLabel("Password", { exact: true }).fill("not-the-password");
  await card.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(card.getByText("The password is wrong.")).toBeVisible();
  await card.getByLabel("Code", { exact: true }).fill("x".repeat(60));
  await card.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await card.getByRole("button", { name: "Make new recovery codes" }).click();
  // The field takes 40 characters: what is left of the 60 is no code.
  await expect(card.getByText(WRONG_CODE)).toBeVisible();
  await card.getByLabel("Code", { exact: true }).fill(recoveryCodes[0]);
  await card.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await card.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(card.getByText("New recovery codes: the earlier ones no longer work.")).toBeVisible();
  const fresh = await card.getByTestId("recovery-codes").locator("li").allInnerTexts();
  expect(fresh).toHaveLength(10);
  expect(fresh).not.toContain(recoveryCodes[1]);
  await card.getByRole("button", { name: "I have saved them" }).click();

  await card.getByRole("button", { name: "Turn off" }).click();
  await card.getByLabel("Code", { exact: true }).fill(recoveryCodes[1]);
  await card.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await card.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await card.getByRole("button", { name: "Turn off", exact: true }).click();
  await expect(card.getByText(WRONG_CODE)).toBeVisible();
  await card.getByLabel("Code", { exact: true }).fill(nextCode(secret));
  await card.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await card.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await card.getByRole("button", { name: "Turn off", exact: true }).click();
  await expect(card.getByText("Two-factor sign-in is off. Signing in takes the password alone.")).toBeVisible();
  await expect(card.getByTestId("two-factor-status")).toContainText("Off");

  // Turning it off kept this session; the password alone signs in again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await signOut(page);
  await signIn(page, email, PASSWORD);
});
