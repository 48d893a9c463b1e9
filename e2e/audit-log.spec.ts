import type { Page } from "@playwright/test";
import { exportedCsvLines } from "./support/csv-export";
import { expectAccessible, VIEWPORTS } from "./support/screenshots";
import { signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

test.describe.configure({ timeout: 120_000 });

/** The page at both sizes, checked for sideways scrolling and WCAG AA, shot into /tmp/shots-audit to be looked at. */
async function shootBothSizes(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport.name} overflows horizontally`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} at ${viewport.name}`);
    await page.screenshot({ path: `/tmp/shots-audit/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
}

test("a key made with fewer scopes shows them, is refused outside them, and its creation is in the audit log and its CSV", async ({
  page,
  request,
  fixtures,
  clientIp,
}) => {
  await signIn(page, fixtures.tess.email, fixtures.tess.password);
  await page.goto("/api-keys");
  const scopes = page.getByRole("group", { name: "Scopes" });
  // Every scope is ticked to start with: a key does everything unless its creator says otherwise.
  for (const box of await scopes.getByRole("checkbox").all()) await expect(box).toBeChecked();

  await page.getByLabel("Name").fill("Catalog bot");
  await scopes.getByRole("checkbox", { name: /orders:write/ }).uncheck();
  await scopes.getByRole("checkbox", { name: /payments:write/ }).uncheck();
  await scopes.getByRole("checkbox", { name: /webhooks:manage/ }).uncheck();
  await page.getByRole("button", { name: "Create key" }).click();
  const key = ((await page.getByTestId("new-api-key").textContent()) ?? "").trim();
  expect(key).toMatch(/^rk_live_/);

  const row = page.getByTestId("api-key-row").filter({ hasText: "Catalog bot" });
  await expect(row.getByTestId("api-key-scopes")).toHaveText(/catalog:read\s*orders:read\s*account:read/);
  await expect(page.getByTestId("api-key-row").filter({ hasText: "e2e" }).getByTestId("api-key-scopes")).toHaveText("All scopes");
  await shootBothSizes(page, "api-keys");

  const refused = await request.post("/api/v2/order", { headers: { "X-API-Key": key }, data: { sku: "giftcard-steam-us-20" } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.details).toEqual({ scope: "orders:write" });
  expect((await request.get("/api/v2/catalog?limit=1", { headers: { "X-API-Key": key } })).status()).toBe(200);

  // Unticking every scope is refused, and nothing is created.
  await page.reload();
  await page.getByLabel("Name").fill("Nothing at all");
  for (const box of await page.getByRole("group", { name: "Scopes" }).getByRole("checkbox").all()) await box.uncheck();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Choose at least one scope.")).toBeVisible();
  await expect(page.getByTestId("api-key-row").filter({ hasText: "Nothing at all" })).toHaveCount(0);

  await page.getByRole("navigation").getByRole("link", { name: "Audit log" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const created = page.getByRole("row").filter({ hasText: "api_key.created" }).filter({ hasText: "Catalog bot" });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(fixtures.tess.email);
  await expect(created).toContainText(clientIp);
  await expect(created).toContainText("scopes=catalog:read orders:read account:read");
  await shootBothSizes(page, "audit-log");

  const lines = await exportedCsvLines(page, "audit-log");
  expect(lines[0]).toBe("entry_id,created_at,action,actor,member_id,key_id,subject,details,ip");
  const line = lines.find((text) => text.includes("Catalog bot"));
  expect(line).toContain(",api_key.created,");
  expect(line).toContain(fixtures.tess.email);
  expect(line).toContain(clientIp);

  // Filtered to another kind of change, the list is empty and says so.
  await page.getByLabel("What").selectOption("order.placed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No changes match these filters")).toBeVisible();
  await shootBothSizes(page, "audit-log-empty");
});

test("the platform admin reads a reseller's latest changes on its page, and the whole log filtered", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto(`/admin/resellers/${fixtures.tess.id}`);
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expect(page.getByTestId("audit-action").first()).toHaveText("api_key.created");
  await page.getByRole("link", { name: "Filter the whole log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("What").selectOption("api_key.created");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=api_key\.created/);
  await expect(page.getByTestId("audit-action").first()).toHaveText("api_key.created");
  await shootBothSizes(page, "admin-reseller-audit-log");
});
