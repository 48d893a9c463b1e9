import type { Page } from "@playwright/test";
import { confirmAddress, otherSide, registerReseller, signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

async function sessionCookieOf(page: Page): Promise<string> {
  return (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
}

async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  const response = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Sign in" }).click();
  return response;
}

test("a reseller signs in, sees the dashboard with the balance, and signs out", async ({ page, fixtures }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, fixtures.alice.email, fixtures.alice.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("dashboard-balance")).toContainText("100.00");
  await expect(page.getByText(fixtures.alice.email).first()).toBeVisible();

  // A copy of the session cookie, as someone who took it would hold it.
  const copied = await page.context().cookies();
  const copy = await sessionCookieOf(page);
  expect((await page.request.get("/api/v2/me", { headers: { cookie: copy } })).status()).toBe(200);
  expect((await (await page.request.get("/api/auth/session", { headers: { cookie: copy } })).json()).user.email).toBe(fixtures.alice.email);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);

  // Signing out ended the session itself, not only this browser's cookie.
  const refused = await page.request.get("/api/v2/me", { headers: { cookie: copy } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("unauthenticated");
  // next-auth would still describe it (name, email, role) to whoever holds the copy, and renew it.
  const described = await page.request.get("/api/auth/session", { headers: { cookie: copy } });
  expect(await described.json()).toEqual({});
  expect(described.headers()["set-cookie"]).toMatch(/next-auth\.session-token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
  // next-auth reads the action from the path's first segment alone: more segments make no other answer.
  for (const path of ["/api/auth/session/", "/api/auth/session/x", "/api/auth/session/x/y"]) {
    expect(await (await page.request.get(path, { headers: { cookie: copy } })).json(), path).toEqual({});
  }
  const elsewhere = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  await elsewhere.addCookies(copied);
  const stolen = await elsewhere.newPage();
  await stolen.goto("/dashboard");
  await expect(stolen).toHaveURL(/\/login$/);
  await elsewhere.close();
});

test("sign out everywhere ends the account's sessions on every device, and a new sign-in works", async ({ page, browser, baseURL }) => {
  const email = `everywhere-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await registerReseller(page, "Everywhere Shop", email, "a-long-enough-password");
  const laptop = await otherSide(browser, baseURL!, email, "a-long-enough-password", /\/dashboard$/);

  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("Every device signs in again.")).toBeVisible();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login\?notice=signed-out-everywhere$/);
  await expect(page.getByRole("status").filter({ hasText: "You are signed out on every device." })).toBeVisible();

  await laptop.goto("/dashboard");
  await expect(laptop).toHaveURL(/\/login$/);
  await laptop.context().close();

  await submitLogin(page, email, "a-long-enough-password");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a new reseller registers, confirms the address from the mail, and lands on the dashboard", async ({ page }) => {
  const email = `new-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await page.goto("/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register$/);

  // Field errors first: a short password is refused before any account is made.
  await page.getByLabel("Name").fill("Fresh Shop");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();

  await page.getByLabel("Password").fill("a-long-enough-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("registered")).toContainText(email);
  await confirmAddress(page, email);
  await signIn(page, email, "a-long-enough-password");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("dashboard-balance")).toContainText("0.00");
  await expect(page.getByText("No transactions yet")).toBeVisible();
});

test("registering is counted per client IP: past 10 in 15 minutes no account is made, and the form says why", async ({ page, browser, baseURL, clientIp }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.goto("/register");
  await page.getByLabel("Name").fill("Flood Shop");
  await page.getByLabel("Email").fill(`flood-0-${stamp}@e2e.test`);
  await page.getByLabel("Password").fill("a-long-enough-password");
  const sent = page.waitForRequest((request) => request.method() === "POST" && request.headers()["next-action"] !== undefined);
  await page.getByRole("button", { name: "Create account" }).click();
  const action = await sent;
  await expect(page.getByTestId("registered")).toBeVisible();

  // The action is a public POST endpoint: called as a script would, with no page and no sign-in.
  const register = (n: number) =>
    page.request.post("/register", {
      headers: { "Next-Action": action.headers()["next-action"], "Content-Type": "text/plain;charset=UTF-8", Origin: baseURL!, Accept: "text/x-component" },
      data: JSON.stringify([{ name: "Flood Shop", email: `flood-${n}-${stamp}@e2e.test`, password: "a-long-enough-password" }]),
    });
  for (let n = 1; n < 10; n++) expect(await (await register(n)).text()).toContain('"ok":true');
  expect(await (await register(10)).text()).toMatch(/Too many sign-ups\. Try again in \d+ minutes?\./);

  const sameAddress = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
  const form = await sameAddress.newPage();
  await form.goto("/register");
  await form.getByLabel("Name").fill("Flood Shop");
  await form.getByLabel("Email").fill(`flood-11-${stamp}@e2e.test`);
  await form.getByLabel("Password").fill("a-long-enough-password");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.locator("form").getByRole("alert")).toHaveText(/Too many sign-ups\. Try again in \d+ minutes?\./);
  await expect(form).toHaveURL(/\/register$/);
  await form.goto("/login");
  await submitLogin(form, `flood-10-${stamp}@e2e.test`, "a-long-enough-password");
  await expect(form.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
  await sameAddress.close();
});

test("a wrong password is refused with a clear message", async ({ page, fixtures }) => {
  await page.goto("/login");
  const response = await submitLogin(page, fixtures.alice.email, "not-the-password");
  expect(response.status()).toBe(401);
  await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
  await expect(page).toHaveURL(/\/login$/);
});

test("after 10 attempts the 11th is refused, even with the right password", async ({ page, fixtures }) => {
  await page.goto("/login");
  for (let attempt = 1; attempt <= 10; attempt++) {
    const response = await submitLogin(page, fixtures.bob.email, `wrong-password-${attempt}`);
    expect(response.status(), `attempt ${attempt}`).toBe(401);
    await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
  }
  const response = await submitLogin(page, fixtures.bob.email, fixtures.bob.password);
  expect(response.status()).toBe(429);
  await expect(page.locator("form").getByRole("alert")).toHaveText(/Too many sign-in attempts\. Try again in \d+ minutes?\./);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a reseller changes the password on the profile page and signs in with the new one", async ({ page }) => {
  const email = `pw-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await registerReseller(page, "Password Shop", email, "first-password-123");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByRole("main").getByText(email)).toBeVisible();

  // Sent empty, every field says what it lacks, under itself and nowhere else.
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Enter your current password.")).toBeVisible();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(page.getByText("Check the highlighted fields.")).toHaveCount(0);

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("second-password-456");
  await page.getByLabel("Repeat the new password").fill("second-password-456");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is wrong.")).toBeVisible();
  await expect(page.getByText("Enter your current password.")).toHaveCount(0);

  // A copy of the session cookie, as someone who took it would hold it.
  const before = await sessionCookieOf(page);
  expect((await page.request.get("/api/v2/me", { headers: { cookie: before } })).status()).toBe(200);

  await page.getByLabel("Current password").fill("first-password-123");
  await page.getByLabel("New password", { exact: true }).fill("second-password-456");
  await page.getByLabel("Repeat the new password").fill("second-password-456");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-changed$/);
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();

  // Every session signed in before the change has ended, the copied one included.
  expect((await page.request.get("/api/v2/me", { headers: { cookie: before } })).status()).toBe(401);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/login?notice=password-changed");
  await submitLogin(page, email, "first-password-123");
  await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
  // The notice that sent the reseller here does not stay above the refusal.
  await expect(page.getByText("Your password was changed")).toHaveCount(0);
  await submitLogin(page, email, "second-password-456");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("every page names the panel's icon, and it loads", async ({ page }) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});
