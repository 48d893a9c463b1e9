import { screenshotAtBothSizes } from "./support/screenshots";
import { expect, test } from "./support/test";
import { otherSide, signIn } from "./support/sign-in";

/*
 * USDT top-ups in the browser: mia (balance 0) opens an invoice and watches it follow the sandbox
 * chain while the admin, in a second browser, sends the transfers. The steps build on each other.
 */
test.describe.configure({ mode: "serial" });
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("an amount outside the bounds is refused on the field; another reseller's invoice is not found", async ({ page, fixtures }) => {
  await signIn(page, fixtures.mia.email, fixtures.mia.password, /\/dashboard$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Top up" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Top up" })).toBeVisible();
  await expect(page.getByText("Not built yet")).toHaveCount(0);
  await expect(page.getByText("No invoices yet")).toBeVisible();
  await expect(page.getByText("No transfers yet")).toBeVisible();
  await expect(page.getByText("From 10.00 to 100000.00 USDT.")).toBeVisible();
  await screenshotAtBothSizes(page, "topup-empty");

  const amount = page.getByLabel("Amount (USDT)");
  await amount.fill("5");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByText("Should be from 10.00 to 100000.00 USDT.")).toBeVisible();
  await expect(amount).toHaveValue("5");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await amount.fill("ten");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByText("Enter an amount of USDT such as 100 or 25.50 (at most 6 decimals).")).toBeVisible();
  // Typos are answered before the invoice budget (15 a minute) counts them: sixteen more leave it whole.
  for (let i = 0; i < 16; i++) {
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Create invoice" }).click(),
    ]);
  }
  await expect(page.getByText(/Too many new invoices/)).toHaveCount(0);
  await expect(page.getByText("Enter an amount of USDT such as 100 or 25.50 (at most 6 decimals).")).toBeVisible();
  await expect(page).toHaveURL(/\/topup$/);
  await page.reload();
  await expect(page.getByText("No invoices yet")).toBeVisible();

  // Kate's invoice, made with her API key, is nobody else's business.
  const created = await page.request.post("/api/v2/payments", { headers: { "X-API-Key": fixtures.kate.apiKey }, data: { amount: "20" } });
  expect(created.status()).toBe(201);
  const { payment_id: katesInvoice } = (await created.json()) as { payment_id: string };
  for (const id of [katesInvoice, "pay_01JD4X0000ABCDEFGHJKMNPQRS"]) {
    const response = await page.goto(`/topup/${id}`);
    expect(response?.status(), id).toBe(404);
    // Inside the panel, with its navigation and a way back.
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the start page" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Top up" }).first()).toBeVisible();
  }
});

test("an invoice follows the sandbox chain: pending, confirming, partially paid, paid; the balance is credited", async ({
  page,
  browser,
  baseURL,
  fixtures,
}) => {
  test.setTimeout(120_000);
  const mia = fixtures.mia.email;
  await signIn(page, mia, fixtures.mia.password, /\/dashboard$/);
  await page.goto("/topup");
  const address = (await page.getByTestId("deposit-address").innerText()).trim();
  expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

  await page.getByLabel("Amount (USDT)").fill("25");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/topup\/pay_[0-9A-Z]+$/);
  const invoiceId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "Invoice for 25.00 USDT" })).toBeVisible();
  await expect(page.getByTestId("invoice-amount")).toHaveText("25.00USDT");
  await expect(page.getByTestId("invoice-address")).toHaveText(address);
  await expect(page.getByTestId("invoice-qr").locator("svg")).toBeVisible();
  const status = page.getByTestId("invoice-status");
  await expect(status).toHaveAttribute("data-status", "pending");
  await expect(status).toHaveText("Pending");
  await expect(page.getByTestId("invoice-steps").locator("[aria-current=step]")).toContainText("Send USDT");
  // The countdown starts near the 60 minutes an invoice stays open, and ticks.
  const countdown = page.getByTestId("invoice-countdown");
  await expect(countdown).toHaveText(/^59:\d{2}$/);
  const shown = await countdown.innerText();
  await expect(countdown).not.toHaveText(shown);
  await screenshotAtBothSizes(page, "topup-invoice-pending");

  // The Top up page points back to the open invoice.
  await page.goto("/topup");
  await page.getByRole("link", { name: /^25\.00 USDT, open until .* →$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/topup/${invoiceId}$`));
  await expect(status).toHaveAttribute("data-status", "pending");

  // The admin sends 10, not final: the invoice sees it on the chain.
  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Payments" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  // Send to suggests the resellers awaiting payment, mia with what her invoice waits for; any other is found by typing.
  const sendTo = admin.getByLabel("Send to");
  const suggestion = (email: string) => admin.locator("#sandbox-reseller-options option").and(admin.locator(`[value="${email}"]`));
  await expect(suggestion(mia)).toHaveAttribute("label", "Open invoice: 25.00 USDT to pay");
  await expect(suggestion(fixtures.carol.email)).toHaveCount(0);
  await sendTo.fill("CAROL");
  await expect(suggestion(fixtures.carol.email)).toHaveCount(1);
  await expect(suggestion(mia)).toHaveCount(0);
  await sendTo.fill("nobody@e2e.test");
  await admin.getByLabel("Amount (USDT)").fill("10");
  await admin.getByRole("button", { name: "Send transfer" }).click();
  await expect(admin.getByText("No reseller has the email nobody@e2e.test.")).toBeVisible();
  await expect(sendTo).toHaveAttribute("aria-invalid", "true");
  await sendTo.fill(mia);
  await admin.getByLabel("Amount (USDT)").fill("10");
  await admin.getByRole("button", { name: "Send transfer" }).click();
  await expect(admin.getByText(`Sent 10.00 USDT to ${mia}. It stays confirming until you make it final.`)).toBeVisible();

  await expect(status).toHaveAttribute("data-status", "confirming");
  await expect(page.getByTestId("invoice-message")).toContainText("10.00 USDT is on its way");
  await expect(page.getByTestId("invoice-transfer")).toHaveCount(1);
  await expect(page.getByTestId("invoice-transfer")).toContainText("Confirming");
  // What is left to send is the amount offered for copying, not the invoice's whole 25.
  await expect(page.getByTestId("invoice-still-to-send")).toHaveText("15.00USDT");
  await page.getByRole("button", { name: "Copy amount" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("15.00");

  // Made final, it is credited: 10 of 25 received.
  const sent = admin.getByTestId("sandbox-transfer").filter({ hasText: mia }).filter({ hasText: "10.00" });
  await sent.getByRole("button", { name: "Make final" }).click();
  await expect(sent.getByTestId("confirm-question")).toHaveText(`Credit 10.00 USDT to ${mia} now?`);
  await screenshotAtBothSizes(admin, "topup-admin-make-final");
  await sent.getByRole("button", { name: "Finalize and credit" }).click();
  await expect(sent).toHaveAttribute("data-final", "true");

  await expect(status).toHaveAttribute("data-status", "partially_paid");
  await expect(page.getByTestId("invoice-message")).toContainText("Received 10.00 of 25.00 USDT");
  await expect(page.getByTestId("invoice-message")).toContainText("Send the remaining 15.00 USDT before");
  await expect(page.getByTestId("invoice-received")).toHaveText("10.00USDT");
  await expect(page.getByTestId("invoice-transfer")).toContainText("Credited");
  await screenshotAtBothSizes(page, "topup-invoice-partially-paid");

  // A next attempt refused in the browser is the outcome shown; the send before it goes.
  await admin.getByLabel("Amount (USDT)").fill("fifteen");
  await admin.getByRole("button", { name: "Send transfer" }).click();
  await expect(admin.getByText("Enter a positive amount of USDT, such as 10 or 2.5 (at most 6 decimals).")).toBeVisible();
  await expect(admin.getByText(`Sent 10.00 USDT to ${mia}. It stays confirming until you make it final.`)).toHaveCount(0);

  // The rest, final at once, goes through a confirmation that names the amount and the reseller.
  await admin.getByLabel("Send to").fill(mia);
  await admin.getByLabel("Amount (USDT)").fill("15");
  await admin.getByLabel(/Final at once/).check();
  await admin.getByRole("button", { name: "Review transfer" }).click();
  await expect(admin.getByTestId("sandbox-review")).toHaveText(`Credit 15.00 USDT to ${mia} now?`);
  await admin.getByRole("button", { name: "Send and credit" }).click();
  await expect(admin.getByText(`Sent 15.00 USDT to ${mia}, final: credited.`)).toBeVisible();

  await expect(status).toHaveAttribute("data-status", "paid");
  await expect(page.getByTestId("invoice-paid")).toHaveText("Paid: 25.00 USD was added to your balance.");
  await expect(page.getByTestId("invoice-transfer")).toHaveCount(2);
  await expect(page.getByTestId("invoice-qr")).toHaveCount(0);
  await expect(page.getByTestId("invoice-steps").locator("[data-state=done]")).toHaveCount(3);
  // Paid is final: the page stops asking the API.
  let polls = 0;
  page.on("request", (request) => {
    if (request.url().includes(`/api/v2/payments/${invoiceId}`)) polls++;
  });
  await page.waitForTimeout(4500);
  expect(polls).toBe(0);
  await screenshotAtBothSizes(page, "topup-invoice-paid");

  await page.getByRole("link", { name: "See your balance →" }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByTestId("current-balance")).toHaveText("25.00USD");
  const credits = page.getByRole("row").filter({ hasText: `top-up for ${invoiceId}` });
  await expect(credits).toHaveCount(2);
  const creditIds = (await credits.allInnerTexts()).map((text) => /txn_[0-9A-Z]+/.exec(text)![0]);

  // The history: the invoice paid, both transfers credited towards it.
  await page.goto("/topup");
  const invoiceRow = page.getByRole("row").filter({ has: page.locator(`[data-invoice-id="${invoiceId}"]`) });
  await expect(invoiceRow).toContainText("Paid");
  await expect(invoiceRow).toContainText("25.00");
  const transferRows = page.getByRole("row").filter({ has: page.getByTestId("transfer-row") });
  await expect(transferRows).toHaveCount(2);
  for (const row of await transferRows.all()) {
    await expect(row).toContainText("Credited");
    await expect(row).toContainText(invoiceId);
  }
  await screenshotAtBothSizes(page, "topup-history");

  // The admin's lists name mia and the ledger entries her invoice produced.
  await admin.goto("/admin/payments");
  await admin.getByLabel("Status").selectOption("paid");
  await admin.getByLabel("Reseller email").fill("mia@");
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/status=paid/);
  const adminRow = admin.getByRole("row").filter({ has: admin.locator(`[data-invoice-id="${invoiceId}"]`) });
  await expect(adminRow).toContainText(mia);
  await expect(adminRow).toContainText("Paid");
  for (const id of creditIds) await expect(adminRow).toContainText(id);
  await screenshotAtBothSizes(admin, "topup-admin-invoices");

  await admin.goto(`/admin/payments?tab=transfers&email=${encodeURIComponent(mia)}`);
  const adminTransfers = admin.getByRole("row").filter({ has: admin.getByTestId("transfer-row") });
  await expect(adminTransfers).toHaveCount(2);
  await expect(adminTransfers.filter({ hasText: creditIds[0] })).toContainText(invoiceId);
  await expect(adminTransfers.filter({ hasText: creditIds[1] })).toContainText(invoiceId);
  await screenshotAtBothSizes(admin, "topup-admin-transfers");
  await admin.context().close();
});
