import { linkIn, waitForMail } from "./support/mailbox";
import { screenshotAtBothSizes } from "./support/screenshots";
import { registerReseller, signIn } from "./support/sign-in";
import { expect, test, uniqueClientIp } from "./support/test";

const fresh = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

test("the owner invites a developer by mail, who signs in, creates a key, cannot open Balance, and is signed out when removed", async ({
  page,
  browser,
  baseURL,
}) => {
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
