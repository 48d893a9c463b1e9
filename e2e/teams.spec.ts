import { totpCode } from "../lib/auth/totp";
import { linkIn, waitForMail } from "./support/mailbox";
import { screenshotAtBothSizes } from "./support/screenshots";
import { otherSide, registerReseller, signIn } from "./support/sign-in";
import { expect, test, uniqueClientIp } from "./support/test";

const fresh = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

test("the owner invites a developer by mail, who signs in, creates a key, cannot open Balance, shows in the audit log, and is signed out when removed", async ({
  page,
  browser,
  baseURL,
  fixtures,
}) => {
  // Four people's sign-ins (owner, developer, admin, and the developer again) and two mails in one flow.
  test.setTimeout(180_000);
  const ownerEmail = fresh("owner");
  await registerReseller(page, "Team Shop", ownerEmail, "the-owners-password");
  await page.getByRole("navigation").getByRole("link", { name: "Members" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await expect(page.getByTestId("member-row")).toContainText("owner");

  // An address that already has an account is refused, clearly.
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("This address already has an account here")).toBeVisible();

  const developerEmail = fresh("developer");
  await page.getByLabel("Email").fill(developerEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("developer");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${developerEmail}.`)).toBeVisible();
  await expect(page.getByTestId("invitation-row")).toContainText(developerEmail);
  await screenshotAtBothSizes(page, "members");

  // The developer follows the link from the mail, in a browser of their own.
  const link = linkIn(await waitForMail(baseURL!, developerEmail, /invited you/), "/invitation");
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 }, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
  const developer = await context.newPage();
  await developer.goto(link);
  await expect(developer.getByRole("heading", { level: 1, name: "Join Team Shop" })).toBeVisible();
  await expect(developer.getByText("You are invited as developer")).toBeVisible();
  await screenshotAtBothSizes(developer, "invitation");
  await developer.getByLabel("Your name").fill("Dana Developer");
  await developer.getByLabel("Password", { exact: true }).fill("the-developers-password");
  await developer.getByLabel("Repeat the password").fill("the-developers-password");
  await developer.getByRole("button", { name: "Join the account" }).click();
  await expect(developer).toHaveURL(/\/login\?notice=invitation-accepted$/);
  // The developer's first page is the first one their role opens: orders, not the dashboard.
  await signIn(developer, developerEmail, "the-developers-password", /\/orders$/);

  // The menu holds what a developer can use, and not Balance.
  const menu = developer.getByRole("navigation").first();
  await expect(menu.getByRole("link", { name: "API keys" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Balance & transactions" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Members" })).toHaveCount(0);

  await developer.goto("/api-keys");
  await developer.getByLabel("Name").fill("Bot");
  await developer.getByRole("button", { name: "Create key" }).click();
  await expect(developer.getByTestId("new-api-key")).toContainText("rk_live_");

  // Opening Balance by its address: the panel's 403 page, not a crash, and nothing of the balance.
  const refused = await developer.goto("/balance");
  expect(refused?.status()).toBe(403);
  await expect(developer.getByTestId("role-refused")).toBeVisible();
  await expect(developer.getByTestId("dashboard-balance")).toHaveCount(0);
  await screenshotAtBothSizes(developer, "role-refused");
  const members = await developer.goto("/members");
  expect(members?.status()).toBe(403);
  // Their session's API calls follow the role too: orders read, the balance not.
  expect((await developer.request.get("/api/v2/orders")).status()).toBe(200);
  const balance = await developer.request.get("/api/v2/balance");
  expect(balance.status()).toBe(403);
  expect((await balance.json()).error).toMatchObject({ code: "forbidden", details: { scope: "account:read" } });

  // The owner reads both changes in the audit log: the invitation by the owner, the key by the developer.
  await page.getByRole("navigation").getByRole("link", { name: "Audit log" }).first().click();
  await expect(page.getByRole("row").filter({ hasText: "member.invited" }).filter({ hasText: ownerEmail })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "api_key.created" }).filter({ hasText: developerEmail })).toHaveCount(1);

  // A platform admin sees the account's people on the reseller's page: the owner and the developer, with their roles.
  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto(`/admin?q=${encodeURIComponent(ownerEmail)}`);
  await admin.getByRole("link", { name: ownerEmail }).click();
  const adminRows = admin.getByTestId("admin-member-row");
  await expect(adminRows).toHaveCount(2);
  await expect(adminRows.filter({ hasText: ownerEmail })).toContainText("owner");
  await expect(adminRows.filter({ hasText: developerEmail })).toContainText("developer");
  await screenshotAtBothSizes(admin, "admin-reseller-members");
  await admin.context().close();

  // Once the owner (who has it) requires two-factor, the developer does nothing else before setting it up: pages and API alike.
  await page.goto("/profile");
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Two-factor sign-in" }) });
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await card.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  await card.getByLabel("Code", { exact: true }).fill(totpCode(secret, Date.now()));
  await card.getByLabel("Password", { exact: true }).fill("the-owners-password");
  await card.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(card.getByText("Two-factor sign-in is on. Your other sessions have ended.")).toBeVisible();
  await card.getByRole("button", { name: "I have saved them" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Members" }).first().click();
  await page.getByRole("button", { name: "Require it" }).click();
  await page.getByRole("button", { name: "Require two-factor" }).click();
  await expect(page.getByTestId("two-factor-rule")).toHaveText("Required for every member.");
  await developer.goto("/orders");
  await expect(developer).toHaveURL(/\/profile\?two-factor=required$/);
  const beforeSetUp = await developer.request.get("/api/v2/orders");
  expect(beforeSetUp.status()).toBe(403);
  expect((await beforeSetUp.json()).error.message).toContain("Set up two-factor sign-in");
  await page.getByRole("button", { name: "Stop requiring it" }).click();
  await page.getByRole("button", { name: "Stop requiring", exact: true }).click();
  await expect(page.getByTestId("two-factor-rule")).toHaveText("Each member's choice.");

  // The owner sees the developer with their role and last sign-in, then removes them: their session ends at once.
  await page.reload();
  const row = page.getByTestId("member-row").filter({ hasText: developerEmail });
  await expect(row).toContainText("developer");
  await expect(row).not.toContainText("Never");
  await expect(page.getByTestId("invitation-row")).toHaveCount(0);
  await screenshotAtBothSizes(page, "members-with-developer");
  await row.getByRole("button", { name: "Remove" }).click();
  await row.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(1);

  await developer.goto("/api-keys");
  await expect(developer).toHaveURL(/\/login$/);
  await developer.getByLabel("Email").fill(developerEmail);
  await developer.getByLabel("Password").fill("the-developers-password");
  await developer.getByRole("button", { name: "Sign in" }).click();
  await expect(developer.locator("form").getByRole("alert")).toHaveText("You are no longer a member of this account. Ask its owner to invite you again.");
  await context.close();
});
