import type { Page } from "@playwright/test";
import { formatMoney, parseMoney } from "../lib/money/money";
import { expect, test } from "./support/test";
import { otherSide, signIn } from "./support/sign-in";

/*
 * The admin's side of the catalog and orders, each flow seen from both sides: the reseller is the
 * demo reseller (balances are checked relative to what they were), the admin the fixture admin,
 * each in their own browser context.
 */

const DEMO = { email: "reseller@example.com", password: "demo-reseller-pass", apiKey: "rk_live_DemoKeyOfTheEmbeddedSandbox0000000000" };

async function dashboardBalance(page: Page): Promise<string> {
  await page.goto("/dashboard");
  return (await page.getByTestId("dashboard-balance").innerText()).replace("USD", "").trim();
}

async function buy(page: Page, sku: string, fields: Record<string, string> = {}): Promise<string> {
  await page.goto(`/catalog/${sku}`);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Review order" }).click();
  await page.getByRole("button", { name: /^Confirm and pay/ }).click();
  await expect(page).toHaveURL(/\/orders\/ord_[0-9A-Za-z]+$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("a manual order's chat from both sides: the admin replies as supplier and completes it with a note", async ({ page, browser, baseURL, fixtures }) => {
  await signIn(page, DEMO.email, DEMO.password, /\/dashboard$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Catalog" }).click();
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Services" }).click();
  await page.locator('[data-sku="manual-account-recovery"]').click();
  const orderId = await buy(page, "manual-account-recovery", { "What you need": "Recover the account of player 778899 (e2e)" });
  await expect(page.getByTestId("order-status")).toHaveText("processing");
  await expect(page.getByText("No messages yet.")).toBeVisible();
  await page.getByLabel("Message to the supplier").fill("The account email is e2e-owner@example.test");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("chat-message")).toHaveCount(1);
  await expect(page.getByLabel("Message to the supplier")).toHaveValue("");

  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
  await expect(admin).toHaveURL(/\/admin\/orders$/);
  await expect(admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await expect(admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Resellers" })).not.toHaveAttribute("aria-current", "page");
  await admin.getByRole("link", { name: "Manual queue" }).click();
  await expect(admin).toHaveURL(/tab=manual/);
  const row = admin.getByRole("row").filter({ hasText: orderId });
  await expect(row).toContainText(DEMO.email);
  await row.getByTestId("order-link").click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(admin.getByTestId("chat-message").filter({ hasText: "e2e-owner@example.test" })).toHaveAttribute("data-author", "reseller");
  await expect(admin.getByText("Recover the account of player 778899 (e2e)")).toBeVisible();

  await admin.getByLabel("Reply as the supplier").fill("Thanks! Which country was the account created in?");
  await admin.getByLabel("Waiting for the reseller's reply").check();
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByTestId("chat-message")).toHaveCount(2);

  // The reseller's page shows the reply by itself.
  await expect(page.getByTestId("chat-message").filter({ hasText: "Which country" })).toHaveAttribute("data-author", "supplier", { timeout: 10_000 });
  // Both panels read the chat oldest first, though the API it polls lists newest first.
  await expect(page.getByTestId("chat-message")).toHaveText([/e2e-owner@example\.test/, /Which country/]);
  await expect(admin.getByTestId("chat-message")).toHaveText([/e2e-owner@example\.test/, /Which country/]);

  // Failing asks first, naming what goes back to whom.
  await admin.getByRole("button", { name: "Fail…" }).click();
  await expect(admin.getByTestId("confirm-question")).toHaveText(/^Close the order undelivered and return \d+\.\d{2} USD to reseller@example\.com\?$/);
  await admin.getByRole("button", { name: "Cancel" }).click();

  // Completing asks first, naming what is sent to whom; an empty note is refused by the domain.
  await admin.getByRole("button", { name: "Complete…" }).click();
  await admin.getByRole("button", { name: "Complete order" }).click();
  await expect(admin.getByText("Say what was delivered.")).toBeVisible();
  await admin.getByLabel("Delivery note").fill("Account recovered; the new password was sent to the owner's email.");
  await admin.getByLabel("Codes (optional)").fill("NEW-PASSWORD-SENT\n\nREF-778899");
  await admin.getByRole("button", { name: "Complete…" }).click();
  await expect(admin.getByTestId("confirm-question")).toHaveText(`Send the note and 2 codes to ${DEMO.email} and close the order?`);
  await admin.getByRole("button", { name: "Complete order" }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("completed");
  await expect(admin.getByRole("button", { name: "Refund…" })).toBeVisible();

  await expect(page.getByTestId("order-status")).toHaveText("completed", { timeout: 10_000 });
  await expect(page.getByTestId("delivery-note")).toHaveText("Account recovered; the new password was sent to the owner's email.");
  await expect(page.getByTestId("chat-message")).toHaveText([/e2e-owner@example\.test/, /Which country/]);
  await expect(page.getByText("This order is closed; the chat is read-only.")).toBeVisible();

  await admin.goto("/admin/orders?tab=manual");
  await expect(admin.getByRole("row").filter({ hasText: orderId })).toHaveCount(0);
  await admin.context().close();
});

test("an admin uploads stock by paste and by CSV file, with a duplicate and a bad line counted", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await page.getByLabel("Search products").fill("xbox");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: "giftcard-xbox-eu-15" })).toContainText(/\d+/);
  await page.getByRole("link", { name: "Xbox Gift Card 15 EUR" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/giftcard-xbox-eu-15$/);

  const before = Number(await page.getByTestId("available-stock").innerText());
  const tag = Date.now().toString(36).toUpperCase();
  await page
    .getByLabel("Codes")
    .fill([`E2E${tag}-AAAAA`, `E2E${tag}-BBBBB,4321`, `E2E${tag}-AAAAA`, "not a code", `E2E${tag}-CCCCC,1111,SN-${tag}`].join("\n"));
  // Adding asks first, naming the product and how many codes go in; Cancel adds nothing.
  await page.getByRole("button", { name: "Add codes" }).click();
  await expect(page.getByTestId("confirm-question")).toHaveText("Add 3 codes to Xbox Gift Card 15 EUR? Left out: 1 duplicate, 1 invalid line (line 4).");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("confirm-question")).toHaveCount(0);
  await expect(page.getByTestId("available-stock")).toHaveText(String(before));
  await page.getByRole("button", { name: "Add codes" }).click();
  await page.getByRole("button", { name: "Add 3 codes" }).click();
  await expect(page.getByTestId("confirm-question")).toHaveCount(0);
  await expect(page.getByTestId("stock-upload-result")).toHaveText(`Added 3, skipped 1 duplicate, 1 invalid line (line 4). ${before + 3} available now.`);
  await expect(page.getByTestId("available-stock")).toHaveText(String(before + 3));
  await expect(page.getByLabel("Codes")).toHaveValue("");

  // A file refused in the browser is the outcome shown; the upload's result before it goes.
  await page.locator("#stock-file").setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(2 * 1024 * 1024 + 1, "A") });
  await expect(page.getByText("The file is over 2 MB; split it into smaller uploads.")).toBeVisible();
  await expect(page.getByTestId("stock-upload-result")).toHaveCount(0);

  // A CSV file is read into the box in the browser; a code already in stock is skipped.
  await page
    .locator("#stock-file")
    .setInputFiles({ name: "codes.csv", mimeType: "text/csv", buffer: Buffer.from(`code,pin,serial\r\nE2E${tag}-BBBBB,4321,\r\nE2E${tag}-DDDDD,2222,\r\n`) });
  await expect(page.getByLabel("Codes")).toHaveValue(new RegExp(`E2E${tag}-DDDDD`));
  await page.getByRole("button", { name: "Add codes" }).click();
  await expect(page.getByTestId("confirm-question")).toHaveText("Add 2 codes to Xbox Gift Card 15 EUR?");
  await page.getByRole("button", { name: "Add 2 codes" }).click();
  await expect(page.getByTestId("stock-upload-result")).toHaveText(`Added 1, skipped 1 duplicate. ${before + 4} available now.`);
  await expect(page.getByText("The file is over 2 MB; split it into smaller uploads.")).toHaveCount(0);
  await expect(page.getByTestId("available-stock")).toHaveText(String(before + 4));
});

test("a code stored under another key is never sold: the reseller gets the readable one, and the admin is told of the other", async ({
  page,
  browser,
  baseURL,
  fixtures,
}) => {
  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto(`/admin/products/${fixtures.unreadableStockSku}`);
  // Stock counts both codes until an order claims the unreadable one, which is the older.
  await expect(admin.getByTestId("available-stock")).toHaveText("2");
  await expect(admin.getByTestId("unreadable-codes")).toHaveCount(0);
  await admin.getByRole("button", { name: "Enable" }).click();
  await expect(admin.getByRole("button", { name: "Disable" })).toBeVisible();

  await signIn(page, DEMO.email, DEMO.password, /\/dashboard$/);
  await buy(page, fixtures.unreadableStockSku);
  await expect(page.getByTestId("delivery-code")).toHaveText("TWO-KEYS-READABLE");

  await admin.reload();
  await expect(admin.getByTestId("unreadable-codes")).toContainText("1 code of this product did not decrypt with this server's ENCRYPTION_KEY");
  await expect(admin.getByTestId("available-stock")).toHaveText("0");
  await admin.getByRole("button", { name: "Disable" }).click();
  await expect(admin.getByRole("button", { name: "Enable" })).toBeVisible();
  // The product list names it, so an admin watching stock hears of it without opening each product.
  await admin.goto("/admin/products");
  await expect(admin.getByTestId("unreadable-codes-notice")).toContainText(`${fixtures.unreadableStockSku} (1)`);
  await admin.getByTestId("unreadable-codes-notice").getByRole("link", { name: fixtures.unreadableStockSku }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/products/${fixtures.unreadableStockSku}$`));
  await admin.context().close();
});

test("an order delivered under another key still opens: the readable code shows, the other is withheld with a notice for each side", async ({
  page,
  browser,
  baseURL,
  request,
  fixtures,
}) => {
  const orderId = fixtures.unreadableDeliveryOrderId;
  await signIn(page, fixtures.paula.email, fixtures.paula.password, /\/dashboard$/);
  await page.goto("/orders");
  await page.getByTestId("order-link").first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByTestId("delivery-code")).toHaveText("PAULA-READABLE");
  await expect(page.getByTestId("delivery-serial")).toHaveText("SN-PAULA");
  await expect(page.getByTestId("delivery-unreadable")).toHaveText(
    /^This code can't be shown right now because of a fault on our side\. Our team has been told/,
  );

  const answer = await request.get(`/api/v2/order/${orderId}`, { headers: { "X-API-Key": fixtures.paula.apiKey } });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).delivery.items).toEqual([
    { code: "PAULA-READABLE", pin: null, serial: null },
    { code: null, pin: null, serial: "SN-PAULA", unreadable: true },
  ]);

  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByTestId("delivery-code")).toHaveText("PAULA-READABLE");
  await expect(admin.getByTestId("delivery-unreadable")).toContainText("npm run cli -- encryption:recover --old-key <that key>");
  await admin.context().close();
});

test("an admin creates a product, a reseller sees it, and once disabled it leaves the reseller's catalog but its orders stay readable", async ({
  page,
  browser,
  baseURL,
  fixtures,
  request,
}) => {
  const tag = Date.now().toString(36);
  const sku = `e2e-card-${tag}`;
  const name = `E2E Test Card ${tag}`;
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();

  await page.getByLabel("SKU").fill(sku);
  await page.getByLabel("Category").selectOption("giftcard");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Group").fill("E2E Brand");
  await page.getByLabel("Region").fill("us");
  await page.getByLabel("List price (USD)").fill("three dollars");
  await page.getByLabel("Fulfilment").selectOption("supplier");
  await page.getByLabel("Max quantity").fill("5");
  await page.getByRole("button", { name: "Add field" }).click();
  const field = page.getByTestId("field-row");
  await field.getByLabel("Name").fill("player_id");
  await field.getByLabel("Label").fill("Player");
  await field.getByLabel("Pattern").fill("^[0-9]{4,10}$");
  await page.getByRole("button", { name: "Create product" }).click();
  // The domain's schema judges the form; its messages land beside the fields.
  await expect(page.getByText("Enter a positive dollar amount such as 19.40.")).toBeVisible();
  await expect(page.getByText("Check the highlighted fields.")).toBeVisible();
  await page.getByLabel("List price (USD)").fill("3.50");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${sku}\\?created=1$`));
  await expect(page.getByText("The product was created.")).toBeVisible();
  await expect(page.getByTestId("field-row").getByLabel("Pattern")).toHaveValue("^[0-9]{4,10}$");
  // A refused save is the outcome shown; the creation's message goes rather than standing beside it.
  await page.getByLabel("List price (USD)").fill("free");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Check the highlighted fields.")).toBeVisible();
  await expect(page.getByText("The product was created.")).toHaveCount(0);

  const reseller = await otherSide(browser, baseURL!, DEMO.email, DEMO.password, /\/dashboard$/);
  await reseller.goto(`/catalog?q=${encodeURIComponent(name)}`);
  const card = reseller.locator(`[data-sku="${sku}"]`);
  await expect(card).toContainText(name);
  await expect(card).toContainText("US");
  await card.click();
  await expect(reseller.getByLabel("Player")).toBeVisible();
  await expect(reseller.getByText("4–10 digits")).toBeVisible();

  const api = { "X-API-Key": DEMO.apiKey };
  const ordered = await request.post("/api/v2/order", { headers: api, data: { sku, fields: { player_id: "12345" } } });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const orderId = (await ordered.json()).order_id as string;
  await reseller.goto(`/orders/${orderId}`);
  await expect(reseller.getByRole("link", { name: "Order again →" })).toBeVisible();

  await page.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByText("Disabled", { exact: true })).toBeVisible();
  // The order of a product off sale still reads, on the page and by the API, with the product itself.
  await reseller.goto(`/orders/${orderId}`);
  await expect(reseller.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(reseller.getByText("No longer on sale")).toBeVisible();
  await expect(reseller.getByRole("link", { name: "Order again →" })).toHaveCount(0);
  await reseller.screenshot({ path: test.info().outputPath("order-of-product-off-sale.png"), fullPage: true });
  const product = await request.get(`/api/v2/catalog/${sku}`, { headers: api });
  expect(product.status()).toBe(200);
  expect(await product.json()).toMatchObject({ sku, on_sale: false, in_stock: false });
  await page.goto(`/admin/products?q=${tag}`);
  await expect(page.getByRole("row").filter({ hasText: sku })).toContainText("Disabled");

  await reseller.goto(`/catalog?q=${encodeURIComponent(name)}`);
  await expect(reseller.getByText(`No products match “${name}”`)).toBeVisible();
  await reseller.goto(`/catalog/${sku}`);
  await expect(reseller.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await reseller.context().close();
});

test("an admin refunds a completed order and the reseller's balance rises by its total", async ({ page, browser, baseURL, fixtures }) => {
  await signIn(page, DEMO.email, DEMO.password, /\/dashboard$/);
  const orderId = await buy(page, "giftcard-googleplay-us-10");
  await expect(page.getByTestId("order-status")).toHaveText("completed");
  const total = (await page.getByTestId("order-total").innerText()).replace("USD", "").trim();
  const before = await dashboardBalance(page);

  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto("/admin/orders");
  await admin.getByLabel("Reseller email").fill(DEMO.email);
  await admin.getByLabel("Status").selectOption("completed");
  await admin.getByRole("button", { name: "Filter" }).click();
  await admin.getByRole("row").filter({ hasText: orderId }).getByTestId("order-link").click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(admin.getByTestId("delivery-code")).toHaveText(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);

  await admin.getByLabel("Reason").fill("E2E: the customer's code was reported as redeemed");
  await admin.getByRole("button", { name: "Refund…" }).click();
  await expect(admin.getByTestId("refund-question")).toHaveText(`Return ${total} USD to ${DEMO.email}?`);
  await admin.getByRole("button", { name: `Refund ${total} USD` }).click();
  await expect(admin.getByTestId("order-status")).toHaveText("refunded");
  await expect(admin.getByText(`Refunded; ${total} USD went back to the reseller.`)).toBeVisible();
  await admin.context().close();

  expect(await dashboardBalance(page)).toBe(formatMoney(parseMoney(before)! + parseMoney(total)!));
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("refunded");
  await expect(page.getByTestId("failure-reason")).toHaveText("E2E: the customer's code was reported as redeemed");
});

test("the admin's order list shows an order placed through the API without a reload, and keeps the filter", async ({ page, request, fixtures }) => {
  // The demo reseller buys: every test here checks its balance relative to what it was.
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto(`/admin/orders?email=${encodeURIComponent(DEMO.email)}`);
  await expect(page.getByLabel("Reseller email")).toHaveValue(DEMO.email);
  const reference = `live-list-${Date.now()}`;
  await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));

  const placed = await request.post("/api/v2/order", {
    headers: { "X-API-Key": DEMO.apiKey },
    data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {}, reference },
  });
  expect(placed.status()).toBe(201);
  const { order_id: id } = (await placed.json()) as { order_id: string };

  // No reload: the page re-reads its rows while it is shown, and a mark left in the window survives.
  await expect(page.getByRole("row").filter({ hasText: id })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);
  await expect(page.getByLabel("Reseller email")).toHaveValue(DEMO.email);
});

test("a reseller's confirmation never pays more than it showed: a price raised meanwhile is refused uncharged, and the page shows the new one", async ({
  page,
  browser,
  baseURL,
  fixtures,
}) => {
  const tag = Date.now().toString(36);
  const sku = `e2e-rising-${tag}`;
  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto("/admin/products/new");
  await admin.getByLabel("SKU").fill(sku);
  await admin.getByLabel("Category").selectOption("giftcard");
  await admin.getByLabel("Name", { exact: true }).fill(`E2E Rising Card ${tag}`);
  await admin.getByLabel("Group").fill("E2E Brand");
  await admin.getByLabel("Region").fill("us");
  await admin.getByLabel("List price (USD)").fill("3.50");
  await admin.getByLabel("Fulfilment").selectOption("supplier");
  await admin.getByRole("button", { name: "Create product" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/products/${sku}\\?created=1$`));

  await signIn(page, DEMO.email, DEMO.password, /\/dashboard$/);
  const before = await dashboardBalance(page);
  await page.goto(`/catalog/${sku}`);
  await page.getByRole("button", { name: "Review order" }).click();
  const shown = await page.getByTestId("review-total").innerText();

  await admin.getByLabel("List price (USD)").fill("4.50");
  await admin.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByText("Saved.", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: /^Confirm and pay/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "above the" })).toHaveText(
    new RegExp(`^The price of ${sku} is now [0-9.]+ USD, above the ${shown.replace(" USD", "").replace(".", "\\.")} USD confirmed\\. Review it again\\.$`),
  );
  await expect(page).toHaveURL(new RegExp(`/catalog/${sku}$`));
  await page.getByRole("button", { name: "Review order" }).click();
  const raised = await page.getByTestId("review-total").innerText();
  expect(parseMoney(raised.replace(" USD", ""))!).toBeGreaterThan(parseMoney(shown.replace(" USD", ""))!);
  expect(await dashboardBalance(page)).toBe(before);
  await admin.context().close();
});
