import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import postgres from "postgres";
import { TEST_SECRETS } from "@/lib/config/testing/test-secrets";
import { TEST_POSTGRES_URL } from "@/lib/db/testing/test-database";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { DEMO } from "@/lib/seed/demo-seed";
import { exportedCsvLines } from "../support/csv-export";
import { screenshotAtBothSizes } from "../support/screenshots";

/**
 * The chained wholesaler, end to end: instance B (this app, embedded, the demo catalog) is the upstream
 * of instance A (this app, on the real Postgres and Redis with TEST_POSTGRES=1 as in CI, else embedded),
 * which buys from B with B's demo key. Both are real servers of the
 * production build, each with its own DATA_DIR and port; nothing is faked. Before A starts, its command
 * line registers A's webhook endpoint at B (supplier:webhook), so B's signed order events reach A.
 */
const A_PORT = Number(process.env.E2E_CHAIN_A_PORT ?? 3107);
const B_PORT = Number(process.env.E2E_CHAIN_B_PORT ?? 3108);
const A = `http://127.0.0.1:${A_PORT}`;
const B = `http://127.0.0.1:${B_PORT}`;
const dirOf = (name: string) => path.join(os.tmpdir(), `reseller-panel-e2e-chain-${name}`);

const servers: ChildProcess[] = [];
/** What A's server printed: its log says when it verified a webhook of B. */
let aLog = "";

function startServer(name: string, port: number, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["scripts/start.mjs", "server"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATA_DIR: dirOf(name), PORT: String(port), SUPPLIER_DELAY: "1s", CHECK_API_RESPONSES: "1", ...env },
  });
  child.stdout!.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (name === "a") aLog += chunk.toString("utf8");
  });
  servers.push(child);
  return child;
}

async function waitHealthy(request: APIRequestContext, origin: string) {
  await expect(async () => expect((await request.get(`${origin}/api/health`, { timeout: 2_000 })).status()).toBe(200)).toPass({ timeout: 120_000 });
}

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

let buyerKey = "";
let supplierId = "";
let failoverOrderId = "";

/** A's database on the real Postgres, made for this run and dropped after it; null when A is embedded. */
const aDatabase = process.env.TEST_POSTGRES === "1" ? `chain_a_${Date.now().toString(36)}` : null;
/** What every process of A (its preparation, its command line, its server) runs with. */
function aEnv(): Record<string, string> {
  if (!aDatabase) return {};
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${aDatabase}`;
  // The demo seed's credentials and sandbox offers are this test's own: a Postgres start would refuse them.
  return {
    ...TEST_SECRETS,
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    ALLOW_DEMO: "1",
    ALLOW_SANDBOX_SUPPLIER: "1",
  };
}

async function onPostgresAdmin(statement: string): Promise<void> {
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  rmSync(dirOf("b"), { recursive: true, force: true });
  // Both servers run the compiled build, which a start on Postgres (A's, with TEST_POSTGRES) refuses stale.
  expect(spawnSync(process.execPath, ["scripts/build.mjs", "--stale-only"], { stdio: "inherit" }).status).toBe(0);
  // A's webhook URL is on loopback, which B's guard refuses unless told.
  // B's sandbox takes 5 s: long enough that A's polling (at 2 s, then 4 s, then 8 s) would not be first.
  startServer("b", B_PORT, { WEBHOOK_ALLOW_PRIVATE: "1", SUPPLIER_DELAY: "5s" });
  if (aDatabase) await onPostgresAdmin(`create database "${aDatabase}"`);
  const prepared = spawnSync(process.execPath, ["--import", "tsx", "e2e/suppliers/prepare-pair.ts", "--upstream", B], {
    env: { ...process.env, ...aEnv(), DATA_DIR: dirOf("a") },
    stdio: "inherit",
  });
  expect(prepared.status).toBe(0);
  const pair = JSON.parse(readFileSync(path.join(dirOf("a"), "pair.json"), "utf8")) as { buyerKey: string; supplierId: string };
  buyerKey = pair.buyerKey;
  supplierId = pair.supplierId;
  await waitHealthy(request, B);
  // A asks B, through B's API with A's key there, to send its order events to A's endpoint for B.
  const hooked = spawnSync(process.execPath, ["scripts/start.mjs", "cli", "supplier:webhook", pair.supplierId, "--url", A], {
    env: { ...process.env, ...aEnv(), DATA_DIR: dirOf("a"), SUPPLIER_ALLOW_PRIVATE: "1" },
    encoding: "utf8",
  });
  expect(hooked.status, hooked.stderr).toBe(0);
  expect(JSON.parse(hooked.stdout.trim().split("\n").at(-1)!)).toEqual({ id: pair.supplierId, webhook_url: `${A}/api/suppliers/${pair.supplierId}/webhook` });
  // B is on loopback, which the SSRF guard refuses unless told; so is the buyer's webhook receiver.
  startServer("a", A_PORT, { ...aEnv(), SUPPLIER_ALLOW_PRIVATE: "1", WEBHOOK_ALLOW_PRIVATE: "1" });
  await waitHealthy(request, A);
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  if (aDatabase) await onPostgresAdmin(`drop database if exists "${aDatabase}" with (force)`);
});

type OrderRecord = {
  order_id: string;
  status: string;
  total: string;
  reference: string | null;
  fields: Record<string, string>;
  failure_reason: string | null;
  delivery: { items: { code: string | null }[]; note: string | null } | null;
};

async function buyOnA(request: APIRequestContext, sku: string, fields: Record<string, string> = {}): Promise<OrderRecord> {
  const response = await request.post(`${A}/api/v2/order`, { headers: { "X-API-Key": buyerKey }, data: { sku, quantity: 1, fields } });
  expect(response.status()).toBe(201);
  return response.json();
}

async function settledOnA(request: APIRequestContext, orderId: string): Promise<OrderRecord> {
  let order: OrderRecord | null = null;
  await expect(async () => {
    order = (await (await request.get(`${A}/api/v2/order/${orderId}`, { headers: { "X-API-Key": buyerKey } })).json()) as OrderRecord;
    expect(order.status).not.toBe("processing");
  }).toPass({ timeout: 60_000 });
  return order!;
}

const balanceOn = async (request: APIRequestContext, origin: string, key: string) =>
  (await (await request.get(`${origin}/api/v2/balance`, { headers: { "X-API-Key": key } })).json()).balance as string;

/** B's orders that A placed: each carries A's attempt id as its reference. */
async function ordersOnB(request: APIRequestContext): Promise<OrderRecord[]> {
  const page = await (await request.get(`${B}/api/v2/orders?limit=100`, { headers: { "X-API-Key": DEMO.apiKey } })).json();
  return (page.data as OrderRecord[]).filter((order) => order.reference?.startsWith("sat_"));
}

test("a reseller on A buys a gift card: A orders it from B with its key and delivers B's code", async ({ request }) => {
  const before = await ordersOnB(request);
  const order = await buyOnA(request, "chain-giftcard");
  const done = await settledOnA(request, order.order_id);
  expect(done.status).toBe("completed");
  const placed = (await ordersOnB(request)).filter((b) => !before.some((o) => o.order_id === b.order_id));
  expect(placed).toHaveLength(1);
  expect(placed[0].status).toBe("completed");
  expect(done.delivery!.items[0].code).toBe(placed[0].delivery!.items[0].code);
  expect(done.delivery!.items[0].code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
});

test("B refusing the first offer (a sku it does not sell) fails over to the second, bought once", async ({ request }) => {
  const before = await ordersOnB(request);
  const order = await buyOnA(request, "chain-failover");
  failoverOrderId = order.order_id;
  const done = await settledOnA(request, order.order_id);
  expect(done.status).toBe("completed");
  const placed = (await ordersOnB(request)).filter((b) => !before.some((o) => o.order_id === b.order_id));
  expect(placed).toHaveLength(1);
  expect(done.delivery!.items[0].code).toBe(placed[0].delivery!.items[0].code);
});

test("B's sandbox failing the recipient, with no other offer: A's order fails with the charge back, B's charge back too", async ({ request }) => {
  const aBefore = await balanceOn(request, A, buyerKey);
  const bBefore = await balanceOn(request, B, DEMO.apiKey);
  const order = await buyOnA(request, "chain-topup", { player_id: "12340000" });
  const failed = await settledOnA(request, order.order_id);
  expect(failed.status).toBe("failed");
  expect(failed.failure_reason).toBe("The recipient 12340000 was not found (invalid_recipient).");
  expect(await balanceOn(request, A, buyerKey)).toBe(aBefore);
  expect(await balanceOn(request, B, DEMO.apiKey)).toBe(bBefore);

  const good = await buyOnA(request, "chain-topup", { player_id: "12345678" });
  expect((await settledOnA(request, good.order_id)).status).toBe("completed");
});

test("B's signed webhook reaches A and is verified: A reconciles at once and completes with B's code", async ({ request }) => {
  // B fulfils this top-up through its sandbox after SUPPLIER_DELAY: A's attempt is placed (processing on
  // B) first, and B's order.status_changed to completed is what tells A.
  const order = await buyOnA(request, "chain-topup", { player_id: "12345679" });
  const done = await settledOnA(request, order.order_id);
  expect(done.status).toBe("completed");
  const [onB] = (await ordersOnB(request)).filter((b) => b.fields.player_id === "12345679");
  expect(onB.status).toBe("completed");
  expect(done.delivery!.note).toBe(onB.delivery!.note);
  // A logs this only after the signature, the timestamp and the reference checked out.
  const verified = aLog
    .split("\n")
    .filter((line) => line.includes("[suppliers] verified webhook order.status_changed") && line.includes(`reconciling order ${order.order_id} now`));
  expect(verified.length).toBeGreaterThan(0);
  const forged = await request.post(`${A}/api/suppliers/sup_01JD4X0000ABCDEFGHJKMNPQRS/webhook`, {
    headers: { "Content-Type": "application/json" },
    data: { event: "order.status_changed", data: {} },
  });
  expect(forged.status()).toBe(404);
  const unsigned = await request.post(`${A}/api/suppliers/${supplierId}/webhook`, {
    headers: { "Content-Type": "application/json" },
    data: { event: "order.status_changed", data: { reference: "sat_x" } },
  });
  expect(unsigned.status()).toBe(401);
  expect((await unsigned.json()).error.code).toBe("unauthenticated");
  expect(unsigned.headers()["x-request-id"]).toBeTruthy();
});

test("A's admin sees the order's upstream attempts: the refusal, then the purchase from B with its order id and cost", async ({ page }) => {
  await page.goto(`${A}/login`);
  await page.getByLabel("Email").fill(DEMO.admin.email);
  await page.getByLabel("Password").fill(DEMO.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${A}/admin/orders/${failoverOrderId}`);
  const attempts = page.getByTestId("supplier-attempt");
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0)).toContainText("Instance B · Refused");
  await expect(attempts.nth(0)).toContainText("product_unavailable");
  await expect(attempts.nth(1)).toContainText("Instance B · Completed");
  await expect(attempts.nth(0)).toContainText("Offer cost 9.00 USD");
  await expect(attempts.nth(1)).toContainText("Cost 9.70 USD · upstream ord_");
  await expect(page.getByTestId("order-margin")).toHaveText("Margin 0.80 USD: 10.50 paid by the reseller, 9.70 to the supplier.");
  await screenshotAtBothSizes(page, "admin-order-upstream-attempts");
});

/** A's admin signed in on A, as the browser tests below need. */
async function signInOnA(page: import("@playwright/test").Page) {
  await page.goto(`${A}/login`);
  await page.getByLabel("Email").fill(DEMO.admin.email);
  await page.getByLabel("Password").fill(DEMO.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** The importer's price, worked out here in micro-dollars: cost plus 5%, rounded up to the cent. */
const fivePercentOver = (cost: string) => {
  const micros = parseMoney(cost)!;
  const withMargin = micros + (micros * 5n + 99n) / 100n;
  return formatMoney(((withMargin + 9_999n) / 10_000n) * 10_000n);
};

let importedCard = "";

test("A's admin adds B on the Suppliers page, tests the connection, and imports B's Steam cards and a game's top-ups at 5% over cost", async ({ page }) => {
  await signInOnA(page);
  await page.goto(`${A}/admin/suppliers`);
  const form = page.getByTestId("add-supplier-form");
  await form.getByLabel("Kind").selectOption("reseller-api");
  await form.getByLabel("Name").fill("Wholesaler B");
  await form.getByLabel("Base URL").fill(B);
  await form.getByLabel("API key").fill(DEMO.apiKey);
  await form.getByRole("button", { name: "Add supplier" }).click();
  await expect(page).toHaveURL(/\/admin\/suppliers\/sup_[0-9A-Za-z]+$/);
  // The key is shown only as its hint from now on.
  await expect(page.getByTestId("supplier-state")).toContainText(`…${DEMO.apiKey.slice(-4)}`);
  await expect(page.locator("body")).not.toContainText(DEMO.apiKey);

  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("test-connection-outcome")).toHaveText(/^Connected: the balance there is \d+\.\d{2,6} USD\.$/);
  await screenshotAtBothSizes(page, "admin-supplier");

  await page.getByRole("link", { name: "Import products" }).click();
  await page.getByLabel("Category").selectOption("giftcard");
  await page.getByLabel("Group (game, brand or service)").fill("Steam");
  await page.getByRole("button", { name: "Browse" }).click();
  await expect(page.getByTestId("import-form").locator('input[name="upstreamId"]')).toHaveCount(4);
  await page.locator('input[name="upstreamId"][value="giftcard-steam-us-10"]').check();
  await page.locator('input[name="upstreamId"][value="giftcard-steam-us-20"]').check();
  await screenshotAtBothSizes(page, "admin-supplier-import");
  const picked = page.getByTestId("import-form");
  await picked.getByRole("button", { name: "Import picked" }).click();
  await expect(picked.getByTestId("confirm-question")).toContainText("Import the picked products as ours");
  await picked.getByRole("button", { name: "Import", exact: true }).click();
  await expect(picked.getByTestId("import-outcome")).toHaveText("2 products imported.");
  const lines = await picked.getByTestId("import-result").locator("li").allInnerTexts();
  expect(lines).toHaveLength(2);
  for (const line of lines) {
    const [, sku, price, cost] = /\((wholesaler-b-giftcard-steam-us-\d+)\): (\d+\.\d{2}) USD, cost (\d+\.\d{2,6})$/.exec(line)!;
    expect(price, sku).toBe(fivePercentOver(cost));
  }
  importedCard = "wholesaler-b-giftcard-steam-us-10";

  // A whole game's top-ups, on every page of B's catalog.
  await page.getByLabel("Category").selectOption("topup");
  await page.getByLabel("Group (game, brand or service)").fill("PUBG Mobile");
  await page.getByRole("button", { name: "Browse" }).click();
  const group = page.getByTestId("group-import-form");
  await group.getByRole("button", { name: "Import all of PUBG Mobile" }).click();
  await group.getByRole("button", { name: "Import the group" }).click();
  await expect(group.getByTestId("import-outcome")).toHaveText(/^\d+ products imported\.$/);
  await expect(group.getByTestId("import-result")).toContainText("wholesaler-b-topup-pubgm-325");
});

test("a reseller on A buys the imported card and top-up: each bought once from B with A's key and delivered as B delivered it", async ({ request }) => {
  const before = await ordersOnB(request);
  const card = await buyOnA(request, importedCard);
  expect((await settledOnA(request, card.order_id)).status).toBe("completed");
  const topup = await buyOnA(request, "wholesaler-b-topup-pubgm-325", { player_id: "22345678" });
  const done = await settledOnA(request, topup.order_id);
  expect(done.status).toBe("completed");
  const placed = (await ordersOnB(request)).filter((b) => !before.some((o) => o.order_id === b.order_id));
  expect(placed.map((order) => order.status).sort()).toEqual(["completed", "completed"]);
  const onB = placed.find((order) => order.fields.player_id === "22345678")!;
  expect(done.delivery!.note).toBe(onB.delivery!.note);
  const cardOnB = placed.find((order) => order.fields.player_id === undefined)!;
  expect((await settledOnA(request, card.order_id)).delivery!.items[0].code).toBe(cardOnB.delivery!.items[0].code);
});

test("A's admin sees B's balance under its alert on the landing page, the sync and the price changes; disabling B fails a new order with the charge back", async ({
  page,
  request,
}) => {
  await signInOnA(page);
  await page.goto(`${A}/admin/suppliers`);
  await page.getByRole("link", { name: "Wholesaler B" }).click();
  await page.getByLabel("Low-balance alert below (USD)").fill("1000000");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("supplier-settings-outcome")).toHaveText("Saved: an alert below 1000000.00 USD.");
  await page.getByRole("button", { name: "Sync catalog now" }).click();
  await expect(page.getByTestId("sync-outcome")).toHaveText(/^Synced: /);
  await page.goto(`${A}/admin`);
  await expect(page.getByTestId("low-balance-alert")).toContainText("Supplier Wholesaler B is low on balance");
  await screenshotAtBothSizes(page, "admin-low-balance-alert");
  await page.goto(`${A}/admin/suppliers`);
  await screenshotAtBothSizes(page, "admin-suppliers");
  await page.goto(`${A}/admin/price-changes`);
  await expect(page.getByRole("heading", { level: 1, name: "Price changes" })).toBeVisible();
  await screenshotAtBothSizes(page, "admin-price-changes");

  // The imported card's offers on its product page: B's, editable, and the sell-at-a-loss switch.
  await page.goto(`${A}/admin/products/${importedCard}`);
  const offerRow = page.getByTestId("offer-row");
  await expect(offerRow).toHaveCount(1);
  await expect(offerRow).toContainText("Wholesaler B");
  await offerRow.getByLabel("Priority").fill("2");
  await offerRow.getByRole("button", { name: "Save offer" }).click();
  await expect(offerRow.getByText("Saved.")).toBeVisible();
  await screenshotAtBothSizes(page, "admin-product-offers");

  // The margin report by supplier: the two imported products' orders under Wholesaler B, and its CSV row.
  await page.goto(`${A}/admin/reports/margin?by=supplier`);
  const row = page.getByRole("row").filter({ hasText: "Wholesaler B" });
  await expect(row).toContainText("2");
  await screenshotAtBothSizes(page, "admin-margin-report");
  const lines = await exportedCsvLines(page, "margin-by-supplier", "Download CSV");
  expect(lines[0]).toBe("group,name,orders,refunded,revenue,cost,margin,margin_percent");
  const wholesaler = lines.find((line) => line.includes(",Wholesaler B,"))!;
  const [, , ordersCount, refundedCount, revenue, cost, margin] = wholesaler.split(",");
  expect([ordersCount, refundedCount]).toEqual(["2", "0"]);
  expect(parseMoney(revenue)! - parseMoney(cost)!).toBe(parseMoney(margin)!);
  expect(parseMoney(margin)! > 0n).toBe(true);

  await page.goto(`${A}/admin/suppliers`);
  await page.getByRole("link", { name: "Wholesaler B" }).click();
  await page.getByRole("button", { name: "Disable supplier" }).click();
  await expect(page.getByTestId("confirm-question")).toHaveText(/^Its \d+ offers stop being used at once/);
  await page.getByRole("button", { name: "Disable now" }).click();
  await expect(page.getByTestId("supplier-enable-outcome")).toHaveText("Disabled: its offers are no longer used.");

  const balance = await balanceOn(request, A, buyerKey);
  // Taken and charged, then failed with the charge back: no usable offer is left to buy it from.
  const order = await buyOnA(request, importedCard);
  const failed = await settledOnA(request, order.order_id);
  expect(failed).toMatchObject({ status: "failed", failure_reason: "This product cannot be delivered right now (product_unavailable)." });
  expect(await balanceOn(request, A, buyerKey)).toBe(balance);
});

test("a claim on A goes to B; B's admin replaces the code, and A's reseller gets the new one and a signed order.claim.resolved", async ({
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const onA = { "X-API-Key": buyerKey };
  try {
    const hook = await request.put(`${A}/api/v2/account/webhook`, {
      headers: onA,
      data: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, enabled: true, extended_events: true },
    });
    expect(hook.status()).toBe(200);
    const secret = (await hook.json()).secret as string;

    const order = await buyOnA(request, "chain-giftcard");
    const oldCode = (await settledOnA(request, order.order_id)).delivery!.items[0].code;
    const opened = await request.post(`${A}/api/v2/orders/${order.order_id}/claims`, {
      headers: onA,
      data: { reason: "code_already_used", message: "Steam says this code was already redeemed." },
    });
    expect(opened.status()).toBe(201);
    const claimId = (await opened.json()).claim_id as string;
    await expect(async () => expect((await (await request.get(`${A}/api/v2/claims/${claimId}`, { headers: onA })).json()).forwarded).toBe(true)).toPass({
      timeout: 60_000,
    });

    // On B: the one claim, on B's order that delivered A's code, with A's reseller's reason and message.
    const onB = (await ordersOnB(request)).find((b) => b.delivery?.items[0].code === oldCode)!;
    const claimsOnB = (await (await request.get(`${B}/api/v2/claims?order_id=${onB.order_id}`, { headers: { "X-API-Key": DEMO.apiKey } })).json()).data;
    expect(claimsOnB).toHaveLength(1);
    expect(claimsOnB[0]).toMatchObject({ status: "open", reason: "code_already_used", message: "Steam says this code was already redeemed." });

    const bAdmin = await (await browser.newContext()).newPage();
    await bAdmin.goto(`${B}/login`);
    await bAdmin.getByLabel("Email").fill(DEMO.admin.email);
    await bAdmin.getByLabel("Password").fill(DEMO.admin.password);
    await bAdmin.getByRole("button", { name: "Sign in" }).click();
    await expect(bAdmin).toHaveURL(/\/admin$/);
    await bAdmin.goto(`${B}/admin/claims/${claimsOnB[0].claim_id}`);
    await bAdmin.getByRole("button", { name: "Take", exact: true }).click();
    await expect(bAdmin.getByTestId("claim-holder")).toContainText("Taken by you");
    await bAdmin.getByRole("button", { name: "Replace from stock…" }).click();
    await bAdmin.getByRole("button", { name: "Replace 1 code" }).click();
    await expect(bAdmin.getByTestId("claim-status")).toHaveAttribute("data-status", "replaced");

    // Back on A, by B's order.claim.resolved webhook or, failing it, A's polling.
    await expect(async () => expect((await (await request.get(`${A}/api/v2/claims/${claimId}`, { headers: onA })).json()).status).toBe("replaced")).toPass({
      timeout: 120_000,
    });
    const newCode = (await (await request.get(`${A}/api/v2/order/${order.order_id}`, { headers: onA })).json()).delivery.items[0].code;
    const onBNow = await (await request.get(`${B}/api/v2/order/${onB.order_id}`, { headers: { "X-API-Key": DEMO.apiKey } })).json();
    expect(newCode).not.toBe(oldCode);
    expect(newCode).toBe(onBNow.delivery.items[0].code);

    await expect(() => expect(received.some((delivery) => JSON.parse(delivery.body).event === "order.claim.resolved")).toBe(true)).toPass({ timeout: 60_000 });
    const resolved = received.find((delivery) => JSON.parse(delivery.body).event === "order.claim.resolved")!;
    expect(resolved.headers["x-webhook-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(resolved.body).digest("hex")}`);
    expect(JSON.parse(resolved.body).data).toMatchObject({ claim_id: claimId, order_id: order.order_id, outcome: "replaced", forwarded: true });

    const aAdmin = await (await browser.newContext()).newPage();
    await signInOnA(aAdmin);
    await aAdmin.goto(`${A}/admin/claims/${claimId}`);
    await expect(aAdmin.getByTestId("claim-upstream-status")).toHaveText("replaced");
    await expect(aAdmin.getByTestId("replaced-codes")).toContainText(oldCode!);
    await screenshotAtBothSizes(aAdmin, "admin-claim-forwarded");
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
