import { expect, test } from "./support/test";
import { signIn } from "./support/sign-in";

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

test("every panel page is built, and every panel link leads somewhere", async ({ page, fixtures }) => {
  await signIn(page, fixtures.alice.email, fixtures.alice.password);
  // Top up was the last placeholder: it offers an invoice and the deposit address now.
  await page.goto("/topup");
  await expect(page.getByRole("heading", { level: 1, name: "Top up" })).toBeVisible();
  await expect(page.getByText("Not built yet")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create invoice" })).toBeVisible();
  await expect(page.getByTestId("deposit-address")).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

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
