import { exportedCsvLines } from "./support/csv-export";
import { otherSide, registerReseller, signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

/**
 * The admin's exports across resellers: each holds what its page shows under the same filters, the
 * reseller of each row, and nothing for anyone but an admin. Oscar's manual orders are seeded (the take
 * spec adds one); the invoice and its transfer are this spec's own reseller's, and Dave's order found by
 * its reference is this spec's own. The reseller's exports, in turn, refuse an admin.
 */

test("an admin exports the orders the admin orders page shows, with the reseller of each", async ({ page, fixtures }) => {
  const { oscar } = fixtures;
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto("/admin/orders");
  await page.getByLabel("Reseller email").fill(oscar.email);
  await page.getByLabel("Status").selectOption("processing");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=processing/);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/admin/orders/export?status=processing&email=${encodeURIComponent(oscar.email)}`,
  );

  const links = page.getByTestId("order-link");
  await expect(links.first()).toBeVisible();
  const shownIds = (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")!))).map((href) => href.split("/").pop()!);

  const csv = await exportedCsvLines(page, "admin-orders");
  expect(csv[0]).toBe("id,created_at,sku,product,quantity,unit_price,total,status,reference,reseller_id,reseller_email");
  expect(csv.slice(1).map((line) => line.split(",")[0])).toEqual(shownIds);
  const [id, , sku, product, quantity, , total, status, reference, resellerId, resellerEmail] = csv[1].split(",");
  expect({ sku, quantity, status, reference, resellerId, resellerEmail }).toEqual({
    sku: "manual-account-recovery",
    quantity: "1",
    status: "processing",
    reference: "",
    resellerId: oscar.id,
    resellerEmail: oscar.email,
  });
  const shown = page.getByRole("row").filter({ hasText: id });
  for (const text of [product, total, oscar.email, status]) await expect(shown).toContainText(text);

  // Days narrow both alike: from tomorrow on, none.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From").fill(tomorrow);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
  await expect(page.getByText("No orders match these filters")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", new RegExp(`from=${tomorrow}`));
  expect(await exportedCsvLines(page, "admin-orders")).toHaveLength(1);
  await page.getByLabel("From").fill("");

  // Another status shows none of them, and exports none either.
  await page.getByLabel("Status").selectOption("failed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No orders match these filters")).toBeVisible();
  expect(await exportedCsvLines(page, "admin-orders")).toHaveLength(1);

  // An email that is no reseller's matches nothing, on the page and in the file: never every reseller's orders.
  await page.goto("/admin/orders?email=nobody%40e2e.test");
  await expect(page.getByText("No orders match these filters")).toBeVisible();
  expect(await exportedCsvLines(page, "admin-orders")).toHaveLength(1);
});

test("an admin finds the order a reseller names by its reference or its id, and the export keeps the search", async ({ page, request, fixtures }) => {
  const { dave } = fixtures;
  const reference = `E2E-Shop-${Date.now()}`;
  const placed = await request.post("/api/v2/order", {
    headers: { "X-API-Key": dave.apiKey },
    data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {}, reference },
  });
  expect(placed.status()).toBe(201);
  const { order_id: id } = (await placed.json()) as { order_id: string };

  // As a reseller may write it to support, in another case, with part of their email.
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.goto("/admin/orders");
  const emailPart = dave.email.split("@")[0].toUpperCase();
  await page.getByLabel("Reference or order id").fill(reference.toLowerCase());
  await page.getByLabel("Reseller email").fill(emailPart);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/reference=/);
  await expect(page.getByTestId("order-link")).toHaveCount(1);
  const row = page.getByRole("row").filter({ hasText: id });
  await expect(row.getByTestId("order-reference")).toHaveText(`Reference ${reference}`);
  await expect(row).toContainText(dave.email);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/admin/orders/export?reference=${reference.toLowerCase()}&email=${encodeURIComponent(emailPart)}`,
  );
  const csv = await exportedCsvLines(page, "admin-orders");
  expect(csv).toHaveLength(2);
  expect(csv[1].startsWith(`${id},`)).toBe(true);
  expect(csv[1].endsWith(`,completed,${reference},${dave.id},${dave.email}`)).toBe(true);

  // The order's id finds it too.
  await page.goto(`/admin/orders?reference=${id}`);
  await expect(page.getByLabel("Reference or order id")).toHaveValue(id);
  await expect(page.getByTestId("order-link")).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: id })).toBeVisible();
  expect((await exportedCsvLines(page, "admin-orders")).map((line) => line.split(",")[0])).toEqual(["id", id]);

  // The whole reference: part of one finds nothing, on the page and in the file.
  await page.goto(`/admin/orders?reference=${reference.slice(0, -1)}`);
  await expect(page.getByText("No orders match these filters")).toBeVisible();
  expect(await exportedCsvLines(page, "admin-orders")).toHaveLength(1);
});

test("an admin exports the invoices and the transfers the admin payments page shows", async ({ page, browser, baseURL, fixtures }) => {
  test.setTimeout(90_000);
  const email = `e2e-books-${Date.now()}@example.test`;
  await registerReseller(page, "Books Shop", email, "books-shop-password-1");
  await page.goto("/topup");
  const address = (await page.getByTestId("deposit-address").innerText()).trim();
  await page.getByLabel("Amount (USDT)").fill("12.34");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/topup\/pay_[0-9A-Z]+$/);
  const invoiceId = new URL(page.url()).pathname.split("/").pop()!;

  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.goto(`/admin/payments?email=${encodeURIComponent(email)}`);
  await expect(admin.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", `/admin/payments/export?email=${encodeURIComponent(email)}`);
  await expect(admin.getByTestId("invoice-row")).toHaveCount(1);
  const invoiceRow = admin.getByRole("row").filter({ has: admin.getByTestId("invoice-row") });
  await expect(invoiceRow).toContainText(invoiceId);
  await expect(invoiceRow).toContainText("Pending");
  await expect(invoiceRow).toContainText("12.34");
  const invoices = await exportedCsvLines(admin, "admin-invoices");
  expect(invoices[0]).toBe(
    "payment_id,created_at,reseller_id,reseller_email,status,amount,received_amount,address,expires_at,paid_at,transaction_ids,tx_hashes",
  );
  expect(invoices).toHaveLength(2);
  expect(invoices[1]).toMatch(new RegExp(`^${invoiceId},[\\d-]+T[\\d:.]+Z,usr_[0-9A-Z]+,${email},pending,12.34,0.00,${address},[\\d-]+T[\\d:.]+Z,,,$`));

  // A sandbox transfer, not final yet: the transfers tab shows it confirming, and so does its export.
  await admin.getByLabel("Send to").fill(email);
  await admin.getByLabel("Amount (USDT)").fill("5");
  await admin.getByRole("button", { name: "Send transfer" }).click();
  await expect(admin.getByTestId("sandbox-transfer").first()).toContainText(email);
  await admin.goto(`/admin/payments?tab=transfers&status=confirming&email=${encodeURIComponent(email)}`);
  await expect(admin.getByTestId("transfer-row")).toHaveCount(1, { timeout: 20_000 });
  const txHash = await admin.getByTestId("transfer-row").getAttribute("data-tx-hash");
  await expect(admin.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/admin/payments/export?tab=transfers&status=confirming&email=${encodeURIComponent(email)}`,
  );
  const transfers = await exportedCsvLines(admin, "admin-transfers");
  expect(transfers[0]).toBe(
    "transfer_id,block_timestamp,reseller_id,reseller_email,tx_hash,from_address,to_address,amount,status,payment_id,transaction_id,credited_at",
  );
  expect(transfers).toHaveLength(2);
  expect(transfers[1]).toMatch(
    new RegExp(`^trf_[0-9A-Z]+,[\\d-]+T[\\d:.]+Z,usr_[0-9A-Z]+,${email},${txHash},[^,]+,${address},5.00,confirming,${invoiceId},,$`),
  );

  // Credited ones are none yet, on the page and in the file.
  const credited = `/admin/payments?tab=transfers&status=credited&email=${encodeURIComponent(email)}`;
  await admin.goto(credited);
  await expect(admin.getByText("No transfers match these filters")).toBeVisible();
  expect(await exportedCsvLines(admin, "admin-transfers")).toHaveLength(1);

  // Made final (so that no later spec meets it unfinal), it is credited: the ledger entry and the time show in both files.
  const sent = admin.getByTestId("sandbox-transfer").filter({ hasText: email });
  await sent.getByRole("button", { name: "Make final" }).click();
  await expect(sent.getByTestId("confirm-question")).toHaveText(`Credit 5.00 USDT to ${email} now?`);
  await sent.getByRole("button", { name: "Finalize and credit" }).click();
  await expect(sent).toHaveAttribute("data-final", "true");
  await expect(async () => {
    await admin.goto(credited);
    await expect(admin.getByTestId("transfer-row")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const transactionId = /txn_[0-9A-Z]+/.exec(await admin.getByRole("row").filter({ hasText: invoiceId }).innerText())![0];
  const creditedTransfers = await exportedCsvLines(admin, "admin-transfers");
  expect(creditedTransfers).toHaveLength(2);
  expect(creditedTransfers[1]).toMatch(
    new RegExp(`^trf_[0-9A-Z]+,[^,]+,usr_[0-9A-Z]+,${email},${txHash},[^,]+,${address},5.00,credited,${invoiceId},${transactionId},[\\d-]+T[\\d:.]+Z$`),
  );

  // Days narrow transfers by when the chain made them: the transfer's own day holds it, the day after none.
  const madeOn = creditedTransfers[1].split(",")[1].slice(0, 10);
  const dayAfter = new Date(Date.parse(madeOn) + 86_400_000).toISOString().slice(0, 10);
  await admin.goto(`${credited}&from=${madeOn}&to=${madeOn}`);
  await expect(admin.getByTestId("transfer-row")).toHaveCount(1);
  expect(await exportedCsvLines(admin, "admin-transfers")).toHaveLength(2);
  await admin.goto(`${credited}&from=${dayAfter}`);
  await expect(admin.getByText("No transfers match these filters")).toBeVisible();
  expect(await exportedCsvLines(admin, "admin-transfers")).toHaveLength(1);

  await admin.goto(`/admin/payments?status=partially_paid&email=${encodeURIComponent(email)}`);
  await expect(invoiceRow).toContainText("Partially paid");
  await expect(invoiceRow).toContainText(transactionId);
  const paidInPart = await exportedCsvLines(admin, "admin-invoices");
  expect(paidInPart).toHaveLength(2);
  expect(paidInPart[1]).toMatch(
    new RegExp(`^${invoiceId},[^,]+,usr_[0-9A-Z]+,${email},partially_paid,12.34,5.00,${address},[^,]+,,${transactionId},${txHash}$`),
  );
  // The form's days go to the page and the export alike; the invoice was made today, so from the day after, none.
  await admin.getByLabel("From").fill(dayAfter);
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin.getByText("No invoices match these filters")).toBeVisible();
  await expect(admin.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", new RegExp(`from=${dayAfter}`));
  expect(await exportedCsvLines(admin, "admin-invoices")).toHaveLength(1);
  await admin.context().close();
});

test("the admin exports refuse a reseller's session and a request without one", async ({ page, request, fixtures }) => {
  const exports = ["/admin/orders/export", "/admin/orders/export?tab=manual", "/admin/payments/export", "/admin/payments/export?tab=transfers"];
  for (const path of exports) {
    const anonymous = await request.get(path, { maxRedirects: 0 });
    expect(anonymous.status(), path).toBe(401);
    expect(await anonymous.text()).toMatch(/^Sign in as an admin to export (orders|payments)\.\n$/);
  }

  await signIn(page, fixtures.alice.email, fixtures.alice.password);
  for (const path of exports) {
    const reseller = await page.request.get(path, { maxRedirects: 0 });
    expect(reseller.status(), path).toBe(403);
    expect(reseller.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(await reseller.text()).toMatch(/^Only an admin can export every reseller's (orders|payments)\.\n$/);
  }
});

test("the reseller's exports refuse an admin's session, naming the admin's exports, and ask a request without one to sign in", async ({
  page,
  request,
  fixtures,
}) => {
  const exports = [
    { path: "/orders/export", what: "orders", instead: "Admin > Orders (/admin/orders)" },
    { path: "/balance/export", what: "transactions", instead: "Admin > Payments (/admin/payments)" },
    { path: "/catalog/price-list.csv", what: "prices", instead: "Admin > Products (/admin/products)" },
  ];
  for (const { path, what } of exports) {
    const anonymous = await request.get(path, { maxRedirects: 0 });
    expect(anonymous.status(), path).toBe(401);
    expect(await anonymous.text()).toBe(`Sign in as a reseller to export ${what}.\n`);
  }

  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  for (const { path, what, instead } of exports) {
    const admin = await page.request.get(path, { maxRedirects: 0 });
    expect(admin.status(), path).toBe(403);
    expect(admin.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await admin.text();
    expect(text).toMatch(new RegExp(`^Only a reseller can export their own ${what}\\. As an admin, .+\\.\\n$`));
    expect(text).toContain(instead);
  }
});

test("odd filters on the admin exports are left out, never an error", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  const odd = [
    "/admin/orders/export?status=bogus&type=%00&email=%00&cursor=x;drop&tab=manual&tab=x",
    `/admin/orders/export?email=${"%F0%9F%98%80".repeat(300)}&reference=${"%F0%9F%98%80".repeat(300)}`,
    "/admin/orders/export?reference=%25_%5C&email=%25_%5C",
    "/admin/orders/export?reference=ord_%00&email=%FF",
    "/admin/payments/export?status=credited&cursor=pay_%00&email=%25_%5C",
    "/admin/payments/export?tab=transfers&status=paid&email=%FF",
  ];
  for (const path of odd) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  }
});
