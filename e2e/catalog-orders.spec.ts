import type { Page } from "@playwright/test";
import { formatMoney, parseMoney } from "../lib/money/money";
import { expect, test } from "./support/test";
import { exportedCsvLines } from "./support/csv-export";
import { registerReseller, signIn } from "./support/sign-in";

/*
 * The reseller's side of the catalog: browse, order through the confirmation, follow the order live,
 * find it again in the history and export it. The buyer is the demo reseller (Silver, 500.00), never
 * a fixture reseller whose balance other specs assert; every balance check here is relative.
 */

const DEMO = { email: "reseller@example.com", password: "demo-reseller-pass" };

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function dashboardBalance(page: Page): Promise<string> {
  await page.goto("/dashboard");
  const text = (await page.getByTestId("dashboard-balance").innerText()).replace(/USD/, "").trim();
  expect(parseMoney(text), `balance "${text}"`).not.toBeNull();
  return text;
}

/** Review, check the confirmation's arithmetic against the balance, confirm; answers the order id. */
async function reviewAndConfirm(page: Page, quantity = 1): Promise<{ orderId: string; total: string; balance: string }> {
  await page.getByRole("button", { name: "Review order" }).click();
  const review = page.getByTestId("order-review");
  await expect(review).toBeVisible();
  const total = (await page.getByTestId("review-total").innerText()).replace("USD", "").trim();
  const balance = (await page.getByTestId("review-balance").innerText()).replace("USD", "").trim();
  const unitText = (await review.locator("dt").first().innerText()).split("×")[0].trim();
  expect(parseMoney(total)).toBe(parseMoney(unitText)! * BigInt(quantity));
  await expect(page.getByTestId("review-balance-after")).toHaveText(`${formatMoney(parseMoney(balance)! - parseMoney(total)!)} USD`);
  await review.getByRole("button", { name: /^Confirm and pay/ }).click();
  await expect(page).toHaveURL(/\/orders\/ord_[0-9A-Za-z]+$/);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  return { orderId, total, balance };
}

test("a reseller buys a gift card from the catalog, copies its code and finds the order in the history and the CSV export", async ({ page, request }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Catalog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();

  // Category tabs and the search box narrow the list; a search with no match says so.
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Gift cards" }).click();
  await expect(page).toHaveURL(/category=giftcard/);
  await expect(page.getByRole("heading", { level: 2, name: "Steam" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Mobile Legends" })).toHaveCount(0);
  await page.getByLabel("Search products").fill("no such product at all");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No products match “no such product at all”")).toBeVisible();
  await page.getByLabel("Search products").fill("steam");
  await page.getByLabel("Region").selectOption("US");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=steam/);
  await expect(page.locator('[data-sku="giftcard-steam-eu-20"]')).toHaveCount(0);

  const card = page.locator('[data-sku="giftcard-steam-us-10"]');
  await expect(card).toContainText(/In stock: \d+/);
  // Silver's discount: the caller's price, with the list price struck through.
  await expect(card.locator(".line-through")).toContainText("9.70");
  await card.click();
  await expect(page).toHaveURL(/\/catalog\/giftcard-steam-us-10$/);
  await expect(page.getByRole("heading", { level: 1, name: "Steam Gift Card 10 USD" })).toBeVisible();

  // A quantity out of range is refused before the confirmation.
  await page.getByLabel("Quantity").fill("0");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByText("Enter a whole number from 1 to 20.")).toBeVisible();
  await page.getByLabel("Quantity").fill("1");
  const reference = `e2e-gc-${Date.now()}`;
  await page.getByLabel(/Your reference/).fill(reference);
  const { orderId, total, balance } = await reviewAndConfirm(page);

  await expect(page.getByTestId("order-status")).toHaveText("completed");
  // The panel's frame shows the balance after the charge.
  await expect(page.locator("aside")).toContainText(`Balance ${formatMoney(parseMoney(balance)! - parseMoney(total)!)}`);
  const code = page.getByTestId("delivery-code");
  await expect(code).toHaveCount(1);
  const codeText = (await code.innerText()).trim();
  expect(codeText).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  await expect(page.getByTestId("delivery-pin")).toHaveText(/^\d{4}$/);
  const copy = page.getByTestId("delivery-item").getByRole("button", { name: "Copy" }).first();
  await copy.click();
  await expect(page.getByTestId("delivery-item").getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codeText);
  await expect(page.getByText(reference)).toBeVisible();

  expect(await dashboardBalance(page)).toBe(formatMoney(parseMoney(balance)! - parseMoney(total)!));
  await expect(page.getByTestId("spend-chart").getByTestId("spend-bar").last()).toBeVisible();

  // The history lists it; filtering by the reference finds exactly it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: orderId })).toContainText("completed");
  await page.getByLabel("Reference").fill(reference);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`reference=${reference}`));
  await expect(page.getByTestId("order-link")).toHaveCount(1);
  await page.getByLabel("Status").selectOption("failed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No orders match these filters")).toBeVisible();
  await page.getByLabel("Status").selectOption("completed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("order-link")).toHaveCount(1);

  const csv = await exportedCsvLines(page, "orders");
  expect(csv[0]).toBe("id,created_at,sku,product,quantity,unit_price,total,status,reference");
  expect(csv).toHaveLength(2);
  expect(csv[1]).toMatch(
    new RegExp(`^${orderId},\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,giftcard-steam-us-10,Steam Gift Card 10 USD,1,${total},${total},completed,${reference}$`),
  );

  // The export needs the session.
  const anonymous = await request.get("/orders/export", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(401);

  await page.getByTestId("order-link").click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));

  // The reference again: refused under its field, nothing charged; once changed, the refusal is gone,
  // and going back from the confirmation does not bring it back.
  await page.goto("/catalog/giftcard-steam-us-10");
  await page.getByLabel(/Your reference/).fill(reference);
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByTestId("review-product")).toHaveText("1 × Steam Gift Card 10 USD");
  await page.getByRole("button", { name: /^Confirm and pay/ }).click();
  const refusal = page.getByText(`Already used by order ${orderId}.`);
  await expect(refusal).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Check the highlighted fields." })).toBeVisible();
  await page.getByLabel(/Your reference/).fill(`${reference}-2`);
  await expect(refusal).toHaveCount(0);
  await expect(page.getByText("Check the highlighted fields.")).toHaveCount(0);
  await page.getByRole("button", { name: "Review order" }).click();
  await page.getByTestId("order-review").getByRole("button", { name: "Back" }).click();
  await expect(refusal).toHaveCount(0);
  expect(await dashboardBalance(page)).toBe(formatMoney(parseMoney(balance)! - parseMoney(total)!));
});

test("a reseller downloads the price list the catalog shows: the filtered products at the tier's prices", async ({ page, request }) => {
  await signIn(page, DEMO.email, DEMO.password, /\/dashboard$/);
  await page.goto("/catalog?category=giftcard&region=us");
  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  const shown = await cards.evaluateAll((links) => links.map((link) => ({ sku: link.getAttribute("data-sku")!, text: link.textContent! })));
  await expect(page.getByRole("link", { name: "Download price list" })).toHaveAttribute("href", "/catalog/price-list.csv?category=giftcard&region=US");

  const csv = await exportedCsvLines(page, "price-list-silver", "Download price list");
  expect(csv[0]).toBe("sku,category,group,name,region,price,list_price,currency,in_stock,stock,min_quantity,max_quantity");
  const rows = csv.slice(1).map((line) => line.split(","));
  expect(rows.map(([sku]) => sku).sort()).toEqual(shown.map(({ sku }) => sku).sort());
  for (const [sku, category, , , region, price, listPrice, currency] of rows) {
    expect([category, region, currency]).toEqual(["giftcard", "US", "USD"]);
    // Silver pays less than the list price, and the catalog line shows the same price.
    expect(parseMoney(price)!).toBeLessThan(parseMoney(listPrice)!);
    expect(shown.find((card) => card.sku === sku)!.text).toContain(price);
  }

  // The list needs the session.
  const anonymous = await request.get("/catalog/price-list.csv", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(401);
});

test("a reseller orders several gift cards at once: the review prices them and names the line it cannot order, and the balance drops by the total", async ({
  page,
}) => {
  await signIn(page, DEMO.email, DEMO.password, /\/dashboard$/);
  const before = parseMoney(await dashboardBalance(page))!;
  await page.goto("/catalog");
  await page.getByRole("link", { name: "Bulk order" }).click();
  await expect(page).toHaveURL(/\/orders\/bulk$/);

  await page.getByLabel("Products and quantities").fill("giftcard-steam-us-10,2\ngiftcard-psn-us-25\nno-such-card,1");
  await page.getByRole("button", { name: "Review orders" }).click();
  const review = page.getByTestId("bulk-review");
  await expect(review).toBeVisible();
  await expect(page.getByTestId("bulk-refused")).toHaveText(/Line 3 \(no-such-card,1\): No product on sale has this sku\./);
  const total = parseMoney((await page.getByTestId("bulk-total").innerText()).replace("USD", "").trim())!;
  await expect(page.getByTestId("bulk-balance-after")).toHaveText(`${formatMoney(before - total)} USD`);
  await review.getByRole("button", { name: `Place 2 orders for ${formatMoney(total)} USD` }).click();

  await expect(page.getByTestId("bulk-summary")).toHaveText(`Placed 2 orders for ${formatMoney(total)} USD. 1 line was not ordered and cost nothing.`);
  await expect(page.getByTestId("bulk-outcome")).toHaveCount(3);
  await expect(page.getByTestId("bulk-outcome-error")).toHaveText("No product on sale has this sku.");
  expect(parseMoney(await dashboardBalance(page))).toBe(before - total);
  await page.goto("/orders");
  await expect(page.getByTestId("order-link").first()).toHaveText("PlayStation Store Gift Card 25 USD");
});

test("a bulk confirmation whose answer is lost keeps the review, and confirming again charges each line once", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password, /\/dashboard$/);
  const before = parseMoney(await dashboardBalance(page))!;
  await page.goto("/orders/bulk");
  await page.getByLabel("Products and quantities").fill("giftcard-steam-us-10,1\ngiftcard-psn-us-25,1");
  await page.getByRole("button", { name: "Review orders" }).click();
  const review = page.getByTestId("bulk-review");
  await expect(review).toBeVisible();
  const total = parseMoney((await page.getByTestId("bulk-total").innerText()).replace("USD", "").trim())!;

  // The first confirmation reaches the server and is carried out; its answer never reaches the browser.
  let dropped = 0;
  await page.route("**/orders/bulk", async (route) => {
    if (route.request().method() !== "POST" || dropped++ > 0) return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });
  const confirm = review.getByRole("button", { name: `Place 2 orders for ${formatMoney(total)} USD` });
  await confirm.click();
  await expect(review.getByRole("alert")).toHaveText(
    "The answer did not arrive, so some lines may have been placed. Confirm again: a line already placed is not charged twice.",
  );
  await expect(review).toBeVisible();
  await confirm.click();
  await expect(page.getByTestId("bulk-summary")).toHaveText(`Placed 2 orders for ${formatMoney(total)} USD.`);
  expect(dropped).toBe(2);
  expect(parseMoney(await dashboardBalance(page))).toBe(before - total);
});

test("a top-up goes from processing to completed on its own; a failing recipient ends failed with the charge returned", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto("/catalog/topup-mlbb-86");
  await expect(page.getByRole("heading", { level: 1, name: "86 Diamonds" })).toBeVisible();

  // Per-field validation before anything is sent.
  await page.getByLabel("Player ID").fill("12ab");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByText("Player ID must be 5–12 digits.")).toBeVisible();
  await expect(page.getByText("Zone ID is required.")).toBeVisible();

  await page.getByLabel("Player ID").fill("123456");
  await page.getByLabel("Zone ID").fill("1234");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("recipient-check")).toHaveText("✓ Player 3456");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByTestId("review-recipient")).toHaveText("To Player ID 123456, Zone ID 1234");
  await page.getByTestId("order-review").getByRole("button", { name: "Back" }).click();
  const { orderId } = await reviewAndConfirm(page, 1);

  // The page follows the order without reloading: a marker set now survives until it completes.
  await page.evaluate(() => ((window as unknown as { e2eMarker: string }).e2eMarker = "still here"));
  const status = page.getByTestId("order-status");
  await expect(status).toHaveText("processing", { timeout: 2_000 });
  await expect(status).toHaveText("completed", { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe("still here");
  await expect(page.getByTestId("delivery-note")).toContainText("delivered to 123456");
  await expect(page.getByTestId("order-field-player_id")).toHaveText("123456");
  // Under the product's labels and in its order, not as `zone_id` before `player_id`.
  await expect(page.getByRole("listitem").filter({ has: page.getByTestId("order-field-player_id") })).toHaveText("Player ID 123456");
  await expect(page.getByRole("listitem").filter({ has: page.getByTestId("order-field-zone_id") })).toHaveText("Zone ID 1234");
  await expect(page.locator('[data-testid^="order-field-"]')).toHaveText(["123456", "1234"]);
  expect(new URL(page.url()).pathname).toBe(`/orders/${orderId}`);

  // A recipient the sandbox supplier does not know: the check says so, and the order fails and refunds.
  const before = await dashboardBalance(page);
  await page.goto("/catalog/topup-mlbb-86");
  await page.getByLabel("Player ID").fill("12340000");
  await page.getByLabel("Zone ID").fill("1234");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("recipient-check")).toHaveText("✗ No such player or account.");
  const failing = await reviewAndConfirm(page, 1);
  expect(failing.balance).toBe(before);
  await expect(page.getByTestId("order-status")).toHaveText("failed", { timeout: 15_000 });
  await expect(page.getByTestId("failure-reason")).toContainText("12340000");
  await expect(page.getByText(`the charge of ${failing.total} USD was returned to your balance`)).toBeVisible();
  expect(await dashboardBalance(page)).toBe(before);

  await page.goto("/orders?status=failed");
  await expect(page.getByRole("row").filter({ hasText: failing.orderId })).toContainText("failed");
});

test("a new reseller without balance sees the shortfall at the confirmation and cannot pay", async ({ page }) => {
  const email = `e2e-short-${Date.now()}@example.test`;
  await registerReseller(page, "Short Shop", email, "short-shop-password-1");
  await expect(page.getByTestId("low-balance")).toContainText("below 10.00 USD");
  await expect(page.getByText("No orders yet")).toBeVisible();
  await expect(page.getByText("No spend in the last 30 days")).toBeVisible();
  await expect(page.getByTestId("spend-chart")).toHaveCount(0);

  await page.goto("/catalog/giftcard-googleplay-us-10");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByTestId("review-balance")).toHaveText("0.00 USD");
  await expect(page.getByText(/Your balance is [\d.]+ USD short of this order/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Confirm and pay/ })).toHaveCount(0);
  await expect(page.getByTestId("order-review").getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/topup");
});
