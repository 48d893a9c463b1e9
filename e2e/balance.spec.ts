import type { Page } from "@playwright/test";
import { formatMoney, parseMoney } from "../lib/money/money";
import { expect, test } from "./support/test";
import { exportedCsvLines } from "./support/csv-export";
import { signIn } from "./support/sign-in";

const exportedLines = (page: Page) => exportedCsvLines(page, "transactions");

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

test("the balance page filters transactions by type and days, and exports what it shows as CSV", async ({ page, request, fixtures }) => {
  await signIn(page, fixtures.alice.email, fixtures.alice.password);
  await page.goto("/balance");
  const balance = (await page.getByTestId("current-balance").innerText()).replace("USD", "").trim();

  const lines = await exportedLines(page);
  expect(lines[0]).toBe("transaction_id,created_at,type,amount,balance_after,order_id,payment_id,description");
  // Each row says what the API says of the same transaction.
  const opening = await (await request.get(`/api/v2/transactions/${fixtures.aliceTransactionId}`, { headers: { "X-API-Key": fixtures.alice.apiKey } })).json();
  expect(lines).toContain(`${fixtures.aliceTransactionId},${opening.created_at},adjustment,100.00,100.00,,,E2E opening balance`);
  // The books add up: the amounts of the whole history come to the balance the page shows.
  const sum = lines.slice(1).reduce((total, line) => total + parseMoney(line.split(",")[3])!, 0n);
  expect(formatMoney(sum)).toBe(balance);

  await page.getByRole("navigation", { name: "Filter by type" }).getByRole("link", { name: "Topup" }).click();
  await expect(page).toHaveURL(/\/balance\?type=topup$/);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/balance/export?type=topup");
  expect(await exportedLines(page), "only the header: alice has no top-ups").toEqual([lines[0]]);

  // A span of days narrows the list and the export alike, and keeps the type chosen.
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByRole("navigation", { name: "Filter by type" }).getByRole("link", { name: "Adjustment" }).click();
  // The form starts again from the page's values once the page arrives, so wait for it before typing.
  await expect(page).toHaveURL(/\/balance\?type=adjustment$/);
  await page.getByLabel("From").fill(yesterday);
  await page.getByLabel("To").fill(today);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`/balance\\?type=adjustment&from=${yesterday}&to=${today}$`));
  await expect(page.getByRole("row").filter({ hasText: "E2E opening balance" })).toBeVisible();
  const dated = await exportedLines(page);
  expect(dated.filter((line) => line.startsWith(fixtures.aliceTransactionId))).toHaveLength(1);
  expect(dated.slice(1).every((line) => line.split(",")[2] === "adjustment")).toBe(true);

  await page.getByLabel("From").fill("2020-01-01");
  await page.getByLabel("To").fill("2020-01-31");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No adjustment transactions in these dates")).toBeVisible();
  expect(await exportedLines(page)).toEqual([lines[0]]);
  await page.getByRole("link", { name: "Clear dates" }).click();
  await expect(page).toHaveURL(/\/balance\?type=adjustment$/);
  await expect(page.getByRole("row").filter({ hasText: "E2E opening balance" })).toBeVisible();

  // The export needs a reseller's session.
  const anonymous = await request.get("/balance/export", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.text()).toBe("Sign in as a reseller to export transactions.\n");
});
