import { RESET_REQUESTED } from "@/lib/accounts/password-reset";
import { VERIFY_EMAIL_FIRST } from "@/lib/accounts/email-verification";
import { linkIn, mailsTo, waitForMail } from "./support/mailbox";
import { screenshotAtBothSizes } from "./support/screenshots";
import { confirmAddress, otherSide, registerReseller, signIn, submitRegistration } from "./support/sign-in";
import { expect, test } from "./support/test";

const fresh = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

test("a reseller who forgot the password gets a single-use link by mail and signs in with the new password", async ({ page, browser, baseURL }) => {
  const email = fresh("forgot");
  await registerReseller(page, "Forgetful Shop", email, "the-first-password");
  const elsewhere = await otherSide(browser, baseURL!, email, "the-first-password", /\/dashboard$/);
  await page.context().clearCookies();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await screenshotAtBothSizes(page, "forgot-password");
  // A typo is refused under the field; an address without an account is answered as one with.
  await page.getByLabel("Email").fill("not an address");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await page.getByLabel("Email").fill(fresh("nobody"));
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("forgot-password-answer")).toHaveText(RESET_REQUESTED);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("forgot-password-answer")).toHaveText(RESET_REQUESTED);
  await screenshotAtBothSizes(page, "forgot-password-sent");

  const link = linkIn(await waitForMail(baseURL!, email, /Reset your password/), "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await screenshotAtBothSizes(page, "reset-password");
  await page.getByLabel("New password", { exact: true }).fill("the-second-password");
  await page.getByLabel("Repeat the new password").fill("something-else-entirely");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText("The two passwords differ.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("the-second-password");
  await page.getByLabel("Repeat the new password").fill("the-second-password");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-reset$/);
  await expect(page.getByRole("status").filter({ hasText: "Your new password is set" })).toBeVisible();

  // Every session signed in before the reset has ended; the old password no longer works, the new one does.
  await elsewhere.goto("/dashboard");
  await expect(elsewhere).toHaveURL(/\/login$/);
  await elsewhere.context().close();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("the-first-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
  await signIn(page, email, "the-second-password");

  // The link again: used, said so, with a way to a new one.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByTestId("spent-link")).toContainText("This link has already been used. Each link works once.");
  await screenshotAtBothSizes(page, "reset-link-spent");
  await page.goto("/reset-password?token=broken");
  await expect(page.getByTestId("spent-link")).toContainText("This link is not valid.");
  await page.getByRole("link", { name: "Send me a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("registering with a taken address shows the same page as a new one, and mails the owner", async ({ page, baseURL, fixtures }) => {
  const before = mailsTo(baseURL!, fixtures.alice.email).length;
  await submitRegistration(page, "Impostor Shop", fixtures.alice.email, "an-impostors-password");
  const taken = await page.getByTestId("registered").innerText();
  const email = fresh("newcomer");
  await submitRegistration(page, "Newcomer Shop", email, "a-newcomers-password");
  expect((await page.getByTestId("registered").innerText()).replace(email, "ADDRESS")).toBe(taken.replace(fixtures.alice.email, "ADDRESS"));

  const warning = await waitForMail(baseURL!, fixtures.alice.email, /Someone tried to register with your address/, 1);
  expect(mailsTo(baseURL!, fixtures.alice.email).length).toBe(before + 1);
  expect(warning.text).toContain("No account was made.");
  // Alice's password is still hers.
  await signIn(page, fixtures.alice.email, fixtures.alice.password);
});

test("a new account confirms its address before it can make API keys", async ({ page, baseURL }) => {
  const email = fresh("gated");
  await submitRegistration(page, "Gated Shop", email, "a-gated-password");
  await signIn(page, email, "a-gated-password");
  await page.goto("/profile");
  await expect(page.getByTestId("email-status")).toContainText("Not confirmed");
  await page.goto("/api-keys");
  await page.getByLabel("Name").fill("first key");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText(VERIFY_EMAIL_FIRST)).toBeVisible();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);

  await page.goto("/profile");
  await page.getByRole("button", { name: "Send a new confirmation link" }).click();
  await expect(page.getByText(`A new confirmation link is on its way to ${email}.`)).toBeVisible();
  // The first link was replaced by the second: it says so, and the second confirms.
  const first = linkIn(await waitForMail(baseURL!, email, /Confirm your email address/, 1), "/verify-email");
  await waitForMail(baseURL!, email, /Confirm your email address/, 2);
  await page.goto(first);
  await expect(page.getByTestId("spent-link")).toBeVisible();
  await page.goto("/profile");
  await confirmAddressFromLatest(page, baseURL!, email);
  await page.goto("/profile");
  await expect(page.getByTestId("email-status")).toContainText("Confirmed");
  await page.goto("/api-keys");
  await page.getByLabel("Name").fill("first key");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("new-api-key")).toBeVisible();
});

async function confirmAddressFromLatest(page: import("@playwright/test").Page, baseURL: string, email: string) {
  const latest = mailsTo(baseURL, email).filter((mail) => /Confirm your email address/.test(mail.subject));
  await page.goto(linkIn(latest[latest.length - 1], "/verify-email"));
  await page.getByRole("button", { name: "Confirm this address" }).click();
  await expect(page.getByText(`${email} is confirmed.`)).toBeVisible();
}

test("an admin mails a reseller a reset link, sees whether the address is confirmed, and opens the Outbox", async ({ page, browser, baseURL, fixtures }) => {
  const email = fresh("helped");
  await submitRegistration(page, "Helped Shop", email, "a-helped-password");
  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto(`/admin?q=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: email }).click();
  await expect(admin.getByTestId("reseller-email-verified")).toContainText("Not confirmed");
  await admin.getByRole("button", { name: "Send a password reset link" }).click();
  await admin.getByRole("button", { name: "Send the link" }).click();
  await expect(admin.getByText(`A reset link is on its way to ${email}.`)).toBeVisible();
  await waitForMail(baseURL!, email, /Reset your password/);

  await confirmAddress(page, email);
  await admin.reload();
  await expect(admin.getByTestId("reseller-email-verified")).toContainText("Confirmed");

  await admin.getByRole("link", { name: "Outbox" }).first().click();
  await expect(admin.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  // This server sends through SMTP: the page lists what went, without its text (the embedded default keeps it here whole).
  await expect(admin.getByText(/Mail goes out through the SMTP server \(SMTP_URL\)/)).toBeVisible();
  const sent = admin
    .getByTestId("outbox-message")
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: "Reset your password" });
  await expect(sent).toContainText("Sent");
  await sent.locator("summary").click();
  await expect(sent).toContainText("its text is not kept");
  await screenshotAtBothSizes(admin, "admin-outbox");
  await admin.context().close();
});

test("a reseller changes the address: the new one confirms it, the old one is told", async ({ page, baseURL }) => {
  const email = fresh("moving");
  const next = fresh("moved");
  await registerReseller(page, "Moving Shop", email, "a-moving-password");
  await page.goto("/profile");
  await page.getByLabel("New email address").fill("not an address");
  await page.getByLabel("Your password").fill("a-moving-password");
  await page.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await page.getByLabel("New email address").fill(next);
  await page.getByLabel("Your password").fill("a-moving-password");
  await page.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(page.getByText(`We sent a link to ${next}.`)).toBeVisible();

  const notice = await waitForMail(baseURL!, email, /email address is changing/);
  expect(notice.text).toContain(next);
  await confirmAddress(page, next);
  await page.context().clearCookies();
  await signIn(page, next, "a-moving-password");
});
