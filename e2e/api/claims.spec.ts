import { chromium, type APIRequestContext, type Page } from "@playwright/test";
import type { OpenApiDocument } from "@/lib/api/openapi/types";
import { undocumentedInDelivery } from "@/lib/webhooks/testing/documented";
import { startReceiver, verifiedWith, type ReceivedRequest, type TestReceiver } from "@/lib/webhooks/testing/receiver";
import { signIn } from "../support/sign-in";
import { expect, test, uniqueClientIp } from "../support/test";

/*
 * Claims over HTTP: rita's webhook takes the extended events, rosa's does not. Each buys a stock gift
 * card, claims it through the API, and an admin answers in the panel (a browser of Debian's Chromium):
 * rita's code is replaced, rosa's claim gets a partial refund. Alice reads neither. The tests build on
 * each other in order.
 */
test.describe.configure({ mode: "serial" });

const SKU = "giftcard-apple-us-50";
const key = (apiKey: string) => ({ "X-API-Key": apiKey });

let receiverOn: TestReceiver;
let receiverOff: TestReceiver;
let secretOn = "";
let secretOff = "";
const orders: Record<"rita" | "rosa", { id: string; code: string; total: string }> = {
  rita: { id: "", code: "", total: "" },
  rosa: { id: "", code: "", total: "" },
};
const claims: Record<"rita" | "rosa", string> = { rita: "", rosa: "" };

test.beforeAll(async () => {
  [receiverOn, receiverOff] = await Promise.all([startReceiver(), startReceiver()]);
});
test.afterAll(async () => {
  await Promise.all([receiverOn.close(), receiverOff.close()]);
});

const events = (receiver: TestReceiver, prefix = "order.claim.") =>
  receiver.received.filter((request) => (JSON.parse(request.body).event as string).startsWith(prefix));

async function buy(request: APIRequestContext, apiKey: string) {
  const response = await request.post("/api/v2/gift-cards", { headers: key(apiKey), data: { sku: SKU } });
  expect(response.status()).toBe(201);
  const order = await response.json();
  expect(order).toMatchObject({ status: "completed", claim: null });
  return { id: order.order_id as string, code: order.delivery.items[0].code as string, total: order.total as string };
}

/** An admin's page in a browser of its own: the outcomes are the panel's, over HTTP like everything else. */
async function asAdmin<T>(baseURL: string, admin: { email: string; password: string }, work: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password, /\/admin$/);
    return await work(page);
  } finally {
    await browser.close();
  }
}

test("the webhooks: rita's takes the extended events, rosa's the seed's four only", async ({ request, fixtures }) => {
  const on = await request.put("/api/v2/account/webhook", {
    headers: key(fixtures.rita.apiKey),
    data: { url: receiverOn.url, enabled: true, extended_events: true },
  });
  expect(on.status()).toBe(200);
  const created = await on.json();
  expect(created).toMatchObject({ enabled: true, extended_events: true });
  secretOn = created.secret;
  const off = await request.put("/api/v2/account/webhook", { headers: key(fixtures.rosa.apiKey), data: { url: receiverOff.url, enabled: true } });
  const createdOff = await off.json();
  expect(createdOff).toMatchObject({ enabled: true, extended_events: false });
  secretOff = createdOff.secret;
  // A PUT without the field leaves the opt-in as it was.
  const again = await request.put("/api/v2/account/webhook", { headers: key(fixtures.rita.apiKey), data: { url: receiverOn.url, enabled: true } });
  expect(await again.json()).toMatchObject({ extended_events: true });

  orders.rita = await buy(request, fixtures.rita.apiKey);
  orders.rosa = await buy(request, fixtures.rosa.apiKey);
});

test("bad input gets its documented 4xx and stores nothing", async ({ request, fixtures }) => {
  const url = `/api/v2/orders/${orders.rita.id}/claims`;
  const cases: [unknown, number, string, string][] = [
    [{ reason: "changed_my_mind", message: "x" }, 400, "validation_error", "reason"],
    [{ reason: "code_invalid", message: "   " }, 400, "validation_error", "message"],
    [{ reason: "code_invalid", message: "a".repeat(2001) }, 400, "validation_error", "message"],
    [{ reason: "code_invalid", message: "bad \u202E code" }, 400, "validation_error", "message"],
    [{ reason: "code_invalid", message: "fine", image: "data:image/png;base64,AAAA" }, 400, "validation_error", "image"],
  ];
  for (const [data, status, code, path] of cases) {
    const response = await request.post(url, { headers: key(fixtures.rita.apiKey), data: data as Record<string, unknown> });
    expect(response.status(), JSON.stringify(data).slice(0, 60)).toBe(status);
    const { error } = await response.json();
    expect(error.code).toBe(code);
    expect(error.details.issues[0].path).toBe(path);
  }
  const notJson = await request.post(url, { headers: { ...key(fixtures.rita.apiKey), "Content-Type": "text/plain" }, data: "code_invalid" });
  expect(notJson.status()).toBe(415);
  // Another reseller's order reads as unknown.
  const foreign = await request.post(url, { headers: key(fixtures.alice.apiKey), data: { reason: "code_invalid", message: "mine?" } });
  expect(foreign.status()).toBe(404);
  expect((await foreign.json()).error.code).toBe("not_found");

  const list = await request.get("/api/v2/claims", { headers: key(fixtures.rita.apiKey) });
  expect(await list.json()).toEqual({ data: [], next_cursor: null });
});

test("rita opens a claim: 201, one open claim per order, and the order record shows it on both surfaces", async ({ request, fixtures }) => {
  const url = `/api/v2/orders/${orders.rita.id}/claims`;
  const sent = { reason: "code_already_used", message: "The store says it was redeemed." };
  const withKey = { ...key(fixtures.rita.apiKey), "Idempotency-Key": `rita-claim-${Date.now()}` };
  const opened = await request.post(url, { headers: withKey, data: sent });
  expect(opened.status()).toBe(201);
  const claim = await opened.json();
  expect(claim).toMatchObject({ order_id: orders.rita.id, status: "open", reason: "code_already_used", image: null, resolution: null });
  expect(new Date(claim.respond_by).getTime() - new Date(claim.created_at).getTime()).toBe(24 * 3600 * 1000);
  claims.rita = claim.claim_id;

  // A retry after a lost answer, under the same Idempotency-Key: the same claim, not a second one or a conflict.
  const repeat = await request.post(url, { headers: withKey, data: sent });
  expect(repeat.status()).toBe(200);
  expect(repeat.headers()["idempotent-replayed"]).toBe("true");
  expect(await repeat.json()).toEqual(claim);
  const reused = await request.post(url, { headers: withKey, data: { ...sent, message: "Something else" } });
  expect(reused.status()).toBe(409);
  expect((await reused.json()).error).toMatchObject({ code: "idempotency_conflict", details: { claim_id: claims.rita } });

  const second = await request.post(url, { headers: key(fixtures.rita.apiKey), data: { reason: "other", message: "Again" } });
  expect(second.status()).toBe(409);
  expect((await second.json()).error).toMatchObject({ code: "claim_conflict", details: { claim_id: claims.rita } });

  for (const path of [`/api/v2/order/${orders.rita.id}`, `/api/orders/${orders.rita.id}`]) {
    const order = await (await request.get(path, { headers: key(fixtures.rita.apiKey) })).json();
    expect(order.claim, path).toEqual({ id: claims.rita, status: "open" });
  }
  const list = await (await request.get(`/api/v2/claims?status=open&order_id=${orders.rita.id}`, { headers: key(fixtures.rita.apiKey) })).json();
  expect(list.data.map((c: { claim_id: string }) => c.claim_id)).toEqual([claims.rita]);
  expect((await request.get(`/api/v2/claims/${claims.rita}`, { headers: key(fixtures.rita.apiKey) })).status()).toBe(200);

  const message = await request.post(`/api/v2/claims/${claims.rita}/messages`, {
    headers: key(fixtures.rita.apiKey),
    data: { text: "Customer sent a screenshot." },
  });
  expect(message.status()).toBe(201);
  expect(await message.json()).toMatchObject({ author: "reseller", text: "Customer sent a screenshot." });
});

test("another reseller's claim reads as 404, its messages too", async ({ request, fixtures }) => {
  for (const path of [`/api/v2/claims/${claims.rita}`, `/api/v2/claims/${claims.rita}/messages`]) {
    const response = await request.get(path, { headers: key(fixtures.alice.apiKey) });
    expect(response.status(), path).toBe(404);
  }
  const post = await request.post(`/api/v2/claims/${claims.rita}/messages`, { headers: key(fixtures.alice.apiKey), data: { text: "hi" } });
  expect(post.status()).toBe(404);
  const list = await (await request.get("/api/v2/claims", { headers: key(fixtures.alice.apiKey) })).json();
  expect(list.data.map((c: { claim_id: string }) => c.claim_id)).not.toContain(claims.rita);
});

test("the admin replies, takes the claim and replaces the code; rita reads the new code on the same order", async ({ request, fixtures, baseURL }) => {
  await asAdmin(baseURL!, fixtures.admin, async (page) => {
    await page.goto(`/admin/claims/${claims.rita}`);
    await page.getByRole("textbox", { name: "Reply as support" }).fill("Checking with the issuer.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("chat-message").filter({ hasText: "Checking with the issuer." })).toBeVisible();
    await page.getByRole("button", { name: "Take", exact: true }).click();
    await expect(page.getByTestId("claim-holder")).toContainText("Taken by you");
    await page.getByRole("button", { name: "Replace from stock…" }).click();
    await page.getByRole("button", { name: "Replace 1 code" }).click();
    await expect(page.getByTestId("claim-status")).toHaveAttribute("data-status", "replaced");
  });
  const order = await (await request.get(`/api/v2/order/${orders.rita.id}`, { headers: key(fixtures.rita.apiKey) })).json();
  expect(order).toMatchObject({ status: "completed", claim: { id: claims.rita, status: "replaced" } });
  expect(order.delivery.items[0].code).not.toBe(orders.rita.code);
  const claim = await (await request.get(`/api/v2/claims/${claims.rita}`, { headers: key(fixtures.rita.apiKey) })).json();
  expect(claim).toMatchObject({ status: "replaced", resolution: { outcome: "replaced", refund_amount: null } });
  const closed = await request.post(`/api/v2/claims/${claims.rita}/messages`, { headers: key(fixtures.rita.apiKey), data: { text: "Thanks" } });
  expect(closed.status()).toBe(409);
  expect((await closed.json()).error.code).toBe("claim_conflict");
});

test("rita's receiver gets order.claim.opened, .updated and .resolved, signed and as documented", async ({ request }) => {
  await expect
    .poll(
      () =>
        events(receiverOn)
          .map((r) => JSON.parse(r.body).event)
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual(["order.claim.opened", "order.claim.resolved", "order.claim.updated", "order.claim.updated"]);
  const document: OpenApiDocument = await (await request.get("/api/v2/openapi.json")).json();
  for (const delivery of events(receiverOn)) {
    expect(verifiedWith(secretOn, delivery)).toBe(true);
    expect(undocumentedInDelivery(document, delivery)).toEqual([]);
    expect(JSON.parse(delivery.body).data).toMatchObject({ claim_id: claims.rita, order_id: orders.rita.id });
  }
  const body = (event: string, change?: string) =>
    events(receiverOn)
      .map((r: ReceivedRequest) => JSON.parse(r.body))
      .find((b) => b.event === event && (change === undefined || b.data.change === change));
  expect(body("order.claim.updated", "message").data.message_preview).toBe("Checking with the issuer.");
  expect(body("order.claim.updated", "status").data.status).toBe("in_review");
  expect(body("order.claim.resolved").data).toMatchObject({ outcome: "replaced", amount: null, status: "replaced" });
});

test("rosa's claim gets a partial refund: a refund transaction naming the claim, and no claim event reaches her receiver", async ({
  request,
  fixtures,
  baseURL,
}) => {
  const opened = await request.post(`/api/v2/orders/${orders.rosa.id}/claims`, {
    headers: key(fixtures.rosa.apiKey),
    data: { reason: "wrong_region", message: "The card is for another store region." },
  });
  expect(opened.status()).toBe(201);
  claims.rosa = (await opened.json()).claim_id;
  const before = (await (await request.get("/api/v2/balance", { headers: key(fixtures.rosa.apiKey) })).json()).balance;

  await asAdmin(baseURL!, fixtures.admin, async (page) => {
    await page.goto("/admin/claims");
    await expect(page.getByRole("row").filter({ hasText: claims.rosa })).toContainText(fixtures.rosa.email);
    await page.goto(`/admin/claims/${claims.rosa}`);
    await page.getByLabel("Amount (USD)").fill("10.00");
    await page.getByLabel("Note for the reseller (optional)").fill("Part of the value, as agreed.");
    await page.getByRole("button", { name: "Refund…" }).click();
    await page.getByRole("button", { name: "Refund 10.00 USD" }).click();
    await expect(page.getByTestId("claim-status")).toHaveAttribute("data-status", "refunded");
  });

  const after = (await (await request.get("/api/v2/balance", { headers: key(fixtures.rosa.apiKey) })).json()).balance;
  expect(Number(after) - Number(before)).toBeCloseTo(10, 6);
  const refunds = await (await request.get("/api/v2/transactions?type=refund", { headers: key(fixtures.rosa.apiKey) })).json();
  expect(refunds.data[0]).toMatchObject({ type: "refund", amount: "10.00", order_id: orders.rosa.id });
  expect(refunds.data[0].description).toContain(claims.rosa);
  const claim = await (await request.get(`/api/v2/claims/${claims.rosa}`, { headers: key(fixtures.rosa.apiKey) })).json();
  expect(claim.resolution).toMatchObject({ outcome: "refunded", refund_amount: "10.00", note: "Part of the value, as agreed." });
  const order = await (await request.get(`/api/orders/${orders.rosa.id}`, { headers: key(fixtures.rosa.apiKey) })).json();
  expect(order).toMatchObject({ status: "completed", claim: { id: claims.rosa, status: "refunded" } });

  // Her receiver got the seed's events of her order, signed; none of the claim's.
  await expect.poll(() => events(receiverOff, "order.").length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  for (const delivery of receiverOff.received) expect(verifiedWith(secretOff, delivery)).toBe(true);
  const deliveries = await (await request.get("/api/v2/account/webhook/deliveries?limit=100", { headers: key(fixtures.rosa.apiKey) })).json();
  expect(deliveries.data.map((d: { event: string }) => d.event).filter((e: string) => e.startsWith("order.claim."))).toEqual([]);
  expect(events(receiverOff)).toEqual([]);
});
