import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local upstream on loopback answering as this product's API does (docs/api.md): X-API-Key auth, POST
 * /api/v2/order with Idempotency-Key and reference (a replay answers the original order, a reference
 * taken by another key answers 409 duplicate_reference), GET /api/v2/orders?reference=, GET
 * /api/v2/order/{id}, GET /api/v2/balance, GET /api/checkplayerid, and the documented error body.
 * A test decides per sku how it answers, and may drop the answer of an order it has just created. It
 * can answer the next requests 429 (with or without Retry-After), counts every request and the most
 * creates it had under way at once, and takes our webhook URL (PUT /api/v2/account/webhook, the secret
 * shown on the first PUT only, and POST .../secret/regenerate) as the product does. It takes claims as the
 * product does (POST /api/v2/orders/{id}/claims, one open per order, 409 claim_conflict naming it; GET
 * /api/v2/claims/{id} and its messages), which a test resolves as the upstream's admin would.
 */

export type SkuBehaviour = "deliver" | "processing" | "out_of_stock" | "product_unavailable" | "invalid_recipient" | "server_error";

interface UpstreamOrder {
  order_id: string;
  sku: string;
  quantity: number;
  reference: string;
  idempotencyKey: string | null;
  status: "processing" | "completed" | "failed";
  code: string;
}

export interface FakeClaim {
  claim_id: string;
  order_id: string;
  reason: string;
  message: string;
  status: "open" | "in_review" | "replaced" | "refunded" | "rejected";
  note: string | null;
  refundAmount: string | null;
  messages: { message_id: string; author: "reseller" | "support"; text: string }[];
}

export interface FakeUpstream {
  /** Every claim opened on its orders. */
  claims: FakeClaim[];
  /** How many claim-opening requests arrived, repeats included. */
  claimRequests: number;
  /** Drops the answer of the next claim-opening requests that open a claim (the socket destroyed unanswered). */
  dropClaimAnswers: number;
  /** Resolves a claim as the upstream's admin does; a replacement gives its order a new code. */
  resolveClaim(claimId: string, outcome: { status: "replaced" | "refunded" | "rejected"; note?: string; refundAmount?: string }): void;
  url: string;
  apiKey: string;
  /** Every order created, in order: a reference appearing twice is a double purchase. */
  orders: UpstreamOrder[];
  behaviour: Map<string, SkuBehaviour>;
  /** Decides, per create request that made a NEW order, whether its answer is dropped (the socket destroyed unanswered). */
  dropAnswer: (reference: string) => boolean;
  /** Milliseconds before a create is processed. */
  delayMs: number;
  /** While set, every create waits for it before it is processed: a supplier that is slow for as long as a test needs. */
  hold: Promise<void> | null;
  /** Completes a processing order, as the upstream's own supplier would. */
  complete(orderId: string): void;
  /** An order as the upstream's API and webhooks show it. */
  recordOf(orderId: string): ReturnType<typeof record> | null;
  /** How many create requests arrived, replays included. */
  createRequests: number;
  /** Every request that arrived, of any kind. */
  requests: number;
  /** The next `count` requests, of any kind, answer 429 with this Retry-After (seconds; null: none). */
  rateLimit: { count: number; retryAfterSeconds: number | null };
  /** The most create requests under way at once. */
  maxConcurrentCreates: number;
  /** Our webhook there, as registered: its URL and the secret it signs with. */
  webhook: { url: string; secret: string; extendedEvents: boolean } | null;
  /** Its catalog, served at /api/v2/catalog in sku order a page at a time; null: that path is not served. */
  catalog: FakeCatalogItem[] | null;
  catalogPageSize: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function refuse(res: ServerResponse, status: number, code: string, message: string, details: Record<string, unknown> = {}) {
  send(res, status, { error: { code, message, retryable: status === 429 || status >= 500, request_id: "req_fake", details } });
}

const record = (order: UpstreamOrder) => ({
  order_id: order.order_id,
  type: "giftcard",
  status: order.status,
  sku: order.sku,
  product_name: order.sku,
  quantity: order.quantity,
  unit_price: "1.00",
  total: "1.00",
  currency: "USD",
  fields: {},
  reference: order.reference,
  delivery: order.status === "completed" ? { items: [{ code: order.code, pin: null, serial: null }], note: null } : null,
  failure_reason: null,
  source: "api",
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  completed_at: null,
});

const claimRecord = (claim: FakeClaim) => ({
  claim_id: claim.claim_id,
  order_id: claim.order_id,
  status: claim.status,
  reason: claim.reason,
  message: claim.message,
  image: null,
  forwarded: false,
  respond_by: new Date().toISOString(),
  resolution:
    claim.status === "open" || claim.status === "in_review"
      ? null
      : { outcome: claim.status, note: claim.note, refund_amount: claim.refundAmount, resolved_at: new Date().toISOString() },
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A product of the fake's catalog, in the fields its /api/v2/catalog answers with. */
export interface FakeCatalogItem {
  sku: string;
  category: string;
  name: string;
  group: string;
  /** Our price there, what buying it costs the caller. */
  price: string;
  inStock: boolean;
  fields?: { name: string; label: string; required: boolean; pattern: string | null }[];
}

const catalogRecord = (item: FakeCatalogItem) => ({
  sku: item.sku,
  category: item.category,
  name: item.name,
  group: item.group,
  region: "GLOBAL",
  price: item.price,
  list_price: item.price,
  currency: "USD",
  in_stock: item.inStock,
  stock: null,
  min_quantity: 1,
  max_quantity: 10,
  fields: item.fields ?? [],
  attributes: {},
});

export async function startFakeUpstream(apiKey = "rk_live_UpstreamKeyOfTheFakeWholesaler00000"): Promise<FakeUpstream> {
  let sequence = 0;
  const upstream: Omit<FakeUpstream, "url" | "close"> = {
    apiKey,
    orders: [],
    behaviour: new Map(),
    dropAnswer: () => false,
    delayMs: 0,
    hold: null,
    createRequests: 0,
    requests: 0,
    rateLimit: { count: 0, retryAfterSeconds: null },
    maxConcurrentCreates: 0,
    webhook: null,
    catalog: null,
    catalogPageSize: 2,
    claims: [],
    claimRequests: 0,
    dropClaimAnswers: 0,
    resolveClaim(claimId, outcome) {
      const claim = upstream.claims.find((c) => c.claim_id === claimId);
      if (!claim) throw new Error(`no claim ${claimId}`);
      claim.status = outcome.status;
      claim.note = outcome.note ?? null;
      claim.refundAmount = outcome.refundAmount ?? null;
      const order = upstream.orders.find((o) => o.order_id === claim.order_id);
      if (order && outcome.status === "replaced") order.code = `${order.code}-NEW`;
    },
    complete(orderId) {
      const order = upstream.orders.find((o) => o.order_id === orderId);
      if (order) order.status = "completed";
    },
    recordOf(orderId) {
      const order = upstream.orders.find((o) => o.order_id === orderId);
      return order ? record(order) : null;
    },
  };

  let creating = 0;
  let secretSequence = 0;
  const newSecret = () => `whsec_FakeUpstreamSecret${String(++secretSequence).padStart(14, "0")}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://upstream");
    upstream.requests += 1;
    if (req.headers["x-api-key"] !== apiKey) return refuse(res, 401, "unauthenticated", "Unknown API key.");
    if (upstream.rateLimit.count > 0) {
      upstream.rateLimit.count -= 1;
      const { retryAfterSeconds } = upstream.rateLimit;
      if (retryAfterSeconds !== null) res.setHeader("Retry-After", String(retryAfterSeconds));
      return refuse(res, 429, "rate_limited", "Too many requests in the order category.");
    }
    if (req.method === "PUT" && url.pathname === "/api/v2/account/webhook") {
      const body = JSON.parse(await readBody(req)) as { url: string; extended_events?: boolean };
      const first = upstream.webhook === null;
      upstream.webhook = {
        url: body.url,
        secret: upstream.webhook?.secret ?? newSecret(),
        extendedEvents: body.extended_events ?? upstream.webhook?.extendedEvents ?? false,
      };
      return send(res, 200, { url: body.url, enabled: true, ...(first ? { secret: upstream.webhook.secret } : {}) });
    }
    if (req.method === "POST" && url.pathname === "/api/v2/account/webhook/secret/regenerate") {
      if (!upstream.webhook) return refuse(res, 404, "not_found", "No webhook is configured.");
      upstream.webhook.secret = newSecret();
      return send(res, 200, { secret: upstream.webhook.secret });
    }
    if (req.method === "GET" && url.pathname === "/api/v2/catalog") {
      if (!upstream.catalog) return refuse(res, 404, "not_found", "No such path.");
      const category = url.searchParams.get("category");
      const group = url.searchParams.get("group");
      const after = url.searchParams.get("cursor");
      const matching = upstream.catalog
        .filter((item) => (!category || item.category === category) && (!group || item.group === group))
        .sort((a, b) => a.sku.localeCompare(b.sku));
      const page = matching.filter((item) => !after || item.sku > after).slice(0, upstream.catalogPageSize);
      const last = page.at(-1);
      const more = last !== undefined && matching.some((item) => item.sku > last.sku);
      return send(res, 200, { data: page.map(catalogRecord), next_cursor: more ? last.sku : null });
    }
    if (req.method === "GET" && url.pathname === "/api/v2/balance") return send(res, 200, { balance: "1234.50", currency: "USD" });
    if (req.method === "GET" && url.pathname === "/api/checkplayerid") {
      const player = url.searchParams.get("player_id") ?? "";
      return send(res, 200, player.endsWith("0000") ? { valid: false, reason: "No such player." } : { valid: true, nickname: `Upstream ${player.slice(-4)}` });
    }
    if (req.method === "GET" && url.pathname === "/api/v2/orders") {
      const reference = url.searchParams.get("reference");
      return send(res, 200, { data: upstream.orders.filter((o) => o.reference === reference).map(record), next_cursor: null });
    }
    const claimOn = /^\/api\/v2\/orders\/([^/]+)\/claims$/.exec(url.pathname);
    if (req.method === "POST" && claimOn) {
      upstream.claimRequests += 1;
      const body = JSON.parse(await readBody(req)) as { reason: string; message: string };
      if (!upstream.orders.some((o) => o.order_id === claimOn[1])) return refuse(res, 404, "not_found", "Order not found.");
      const open = upstream.claims.find((c) => c.order_id === claimOn[1] && (c.status === "open" || c.status === "in_review"));
      if (open)
        return refuse(res, 409, "claim_conflict", `Order ${claimOn[1]} already has an open claim, ${open.claim_id}.`, {
          order_id: claimOn[1],
          claim_id: open.claim_id,
        });
      const claim: FakeClaim = {
        claim_id: `clm_UP${String(upstream.claims.length + 1).padStart(6, "0")}`,
        order_id: claimOn[1],
        reason: body.reason,
        message: body.message,
        status: "open",
        note: null,
        refundAmount: null,
        messages: [],
      };
      upstream.claims.push(claim);
      if (upstream.dropClaimAnswers > 0) {
        upstream.dropClaimAnswers -= 1;
        req.socket.destroy();
        return;
      }
      return send(res, 201, claimRecord(claim));
    }
    const claimPath = /^\/api\/v2\/claims\/([^/]+)(\/messages)?$/.exec(url.pathname);
    if (req.method === "GET" && claimPath) {
      const claim = upstream.claims.find((c) => c.claim_id === claimPath[1]);
      if (!claim) return refuse(res, 404, "not_found", "Claim not found.");
      return claimPath[2] ? send(res, 200, { data: [...claim.messages].reverse(), next_cursor: null }) : send(res, 200, claimRecord(claim));
    }
    const one = /^\/api\/v2\/order\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && one) {
      const order = upstream.orders.find((o) => o.order_id === one[1]);
      return order ? send(res, 200, record(order)) : refuse(res, 404, "not_found", "No such order.");
    }
    if (req.method === "POST" && url.pathname === "/api/v2/order") {
      upstream.createRequests += 1;
      const body = JSON.parse(await readBody(req)) as { sku: string; quantity: number; reference: string };
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      creating += 1;
      upstream.maxConcurrentCreates = Math.max(upstream.maxConcurrentCreates, creating);
      if (upstream.delayMs) await new Promise((resolve) => setTimeout(resolve, upstream.delayMs));
      if (upstream.hold) await upstream.hold;
      creating -= 1;
      const replay = key ? upstream.orders.find((o) => o.idempotencyKey === key) : undefined;
      if (replay) return send(res, 200, record(replay));
      if (upstream.orders.some((o) => o.reference === body.reference)) return refuse(res, 409, "duplicate_reference", "Reference taken.");
      const behaviour = upstream.behaviour.get(body.sku) ?? "deliver";
      if (behaviour === "out_of_stock") return refuse(res, 422, "out_of_stock", `Only 0 of ${body.quantity} codes are in stock for ${body.sku}.`);
      if (behaviour === "product_unavailable") return refuse(res, 422, "product_unavailable", `No product with the sku ${body.sku} is on sale.`);
      if (behaviour === "invalid_recipient") return refuse(res, 422, "invalid_recipient", "No such player.");
      if (behaviour === "server_error") return refuse(res, 500, "internal_error", "Something broke.");
      sequence += 1;
      const order: UpstreamOrder = {
        order_id: `ord_UP${String(sequence).padStart(6, "0")}`,
        sku: body.sku,
        quantity: body.quantity,
        reference: body.reference,
        idempotencyKey: key,
        status: behaviour === "processing" ? "processing" : "completed",
        code: `UPSTREAM-CODE-${sequence}`,
      };
      upstream.orders.push(order);
      if (upstream.dropAnswer(body.reference)) {
        req.socket.destroy();
        return;
      }
      return send(res, 201, record(order));
    }
    refuse(res, 404, "not_found", "No such path.");
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => refuse(res, 500, "internal_error", "fake upstream failed"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(upstream, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeUpstream;
}
