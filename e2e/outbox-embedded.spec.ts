import { expect, test } from "@playwright/test";
import { RESET_REQUESTED } from "../lib/accounts/password-reset";
import { DEMO } from "../lib/seed/demo-seed";
import { EMBEDDED_PORT, baseUrlFor } from "./support/fixture-data";
import { startOwnServer, type OwnServer } from "./support/own-server";
import { screenshotAtBothSizes } from "./support/screenshots";
import { signIn } from "./support/sign-in";

/** Its own server beside the shared one: the embedded default, with no SMTP server, which keeps mail for the Outbox. */
const PORT = EMBEDDED_PORT + 60;
const BASE = baseUrlFor(PORT);

let server: OwnServer;

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ name: "outbox", port: PORT, entry: "lib/server/main.ts", env: { SMTP_URL: "", PUBLIC_URL: BASE } });
});

test.afterAll(async () => {
  await server?.stop();
});

test("without a mail server, a reset link waits on the admin's Outbox, and it works from there", async ({ page, browser }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(DEMO.reseller.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("forgot-password-answer")).toHaveText(RESET_REQUESTED);

  const admin = await browser.newPage({ baseURL: BASE });
  await signIn(admin, DEMO.admin.email, DEMO.admin.password, /\/admin$/);
  await admin.getByRole("link", { name: "Outbox" }).first().click();
  await expect(admin.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  await expect(admin.getByText(/No SMTP server is configured \(SMTP_URL\)/)).toBeVisible();
  const kept = admin
    .getByTestId("outbox-message")
    .filter({ hasText: `To ${DEMO.reseller.email}` })
    .filter({ hasText: "Reset your password" });
  await expect(async () => {
    await admin.reload();
    await expect(kept).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(kept).toContainText("Kept here");
  await kept.locator("summary").click();
  await expect(kept).toContainText("The link works once, for 30 minutes.");
  await screenshotAtBothSizes(admin, "admin-outbox-embedded");

  const link = await kept.getByRole("link", { name: /\/reset-password\?token=/ }).getAttribute("href");
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("a-reset-demo-password");
  await page.getByLabel("Repeat the new password").fill("a-reset-demo-password");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-reset$/);
  await signIn(page, DEMO.reseller.email, "a-reset-demo-password");
  await admin.close();
});
