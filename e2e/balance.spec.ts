import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("the balance page lists transactions, filters them by type and pages with a cursor", async ({ page, fixtures }) => {
  await signIn(page, fixtures.alice.email, fixtures.alice.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Balance & transactions" }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByRole("heading", { level: 1, name: "Balance & transactions" })).toBeVisible();

  const opening = page.getByRole("row").filter({ hasText: "E2E opening balance" });
  await expect(opening).toContainText("+100.00");
  await expect(opening).toContainText("adjustment");
  await expect(opening).toContainText(fixtures.aliceTransactionId);

  const filters = page.getByRole("navigation", { name: "Filter by type" });
  await filters.getByRole("link", { name: "Topup" }).click();
  await expect(page).toHaveURL(/\/balance\?type=topup$/);
  await expect(page.getByText("No topup transactions yet")).toBeVisible();
  await expect(filters.getByRole("link", { name: "Topup" })).toHaveAttribute("aria-current", "page");

  await filters.getByRole("link", { name: "Adjustment" }).click();
  await expect(page).toHaveURL(/\/balance\?type=adjustment$/);
  await expect(opening).toBeVisible();

  // Past the oldest transaction the list is empty and offers the way back.
  await page.goto(`/balance?cursor=${fixtures.aliceTransactionId}`);
  await expect(page.getByText("No older transactions")).toBeVisible();
  await page.getByRole("link", { name: "← Newest" }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(opening).toBeVisible();

  // A made-up filter is ignored rather than failing.
  await page.goto("/balance?type=bogus&cursor=not-a-cursor");
  await expect(opening).toBeVisible();
});

test("pages that are not built yet say so, and every panel link leads somewhere", async ({ page, fixtures }) => {
  await signIn(page, fixtures.alice.email, fixtures.alice.password);
  for (const [path, heading] of [["/topup", "Top up"]] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText("Not built yet")).toBeVisible();
  }
  // The Subscription page is built: it shows the tier rather than the placeholder.
  await page.goto("/subscription");
  await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
  await expect(page.getByText("Not built yet")).toHaveCount(0);
  await expect(page.getByTestId("current-tier")).toContainText("Bronze");

  const hrefs = await page.locator("a[href^='/']").evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBeLessThan(400);
  }
});
