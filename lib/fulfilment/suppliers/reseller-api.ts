import { parseMoney } from "@/lib/money/money";
import { guardedRequest, type GuardedPostResult } from "@/lib/net/guarded-request";
import { PRODUCT_CATEGORIES, type ProductCategory, type ProductField, type ProductMeta } from "@/lib/db/schema";
import type {
  ConnectorFactory,
  DeliveredItem,
  RefusalCode,
  UpstreamAnswer,
  UpstreamClaim,
  UpstreamClaims,
  UpstreamOrderRequest,
  UpstreamOutcome,
  UpstreamProduct,
} from "./connector";
import { upstreamRetryAfterMs } from "./retry-after";
import { parseJson } from "./parse-answer";

/*
 * Kind `reseller-api`: another wholesaler serving this very product's public API (docs/api.md), which
 * makes the chained-wholesaler case. Key auth with X-API-Key; an order is created with our attempt's id
 * as both its Idempotency-Key and its reference, so that asking again, or sending again, never buys twice.
 * Its signed webhooks, once registered (registerWebhook), wake our reconcile of an order at once; an
 * order it leaves processing is polled besides. A 429 (or a 503 with Retry-After) on any call carries
 * retryAfterMs, which rate-limits the supplier.
 */

const MAX_ANSWER_BYTES = 256 * 1024;
const MAX_ERROR_TEXT = 300;

interface UpstreamOrderRecord {
  order_id: string;
  status: string;
  delivery: { items: DeliveredItem[]; note: string | null } | null;
  failure_reason: string | null;
}

interface UpstreamError {
  code: string;
  message: string;
  details?: { issues?: { path: string }[]; claim_id?: unknown };
}

interface UpstreamClaimRecord {
  claim_id: string;
  status: string;
  resolution: { note: string | null; refund_amount: string | null } | null;
}

function claimOfRecord(value: unknown): UpstreamClaim | null {
  const record = value as UpstreamClaimRecord | null;
  if (typeof record?.claim_id !== "string" || typeof record.status !== "string") return null;
  const refund = record.resolution?.refund_amount;
  return {
    claimId: record.claim_id,
    status: record.status,
    note: typeof record.resolution?.note === "string" ? record.resolution.note : null,
    refundAmount: typeof refund === "string" ? parseMoney(refund) : null,
  };
}

function isOrderRecord(value: unknown): value is UpstreamOrderRecord {
  const record = value as UpstreamOrderRecord | null;
  return typeof record?.order_id === "string" && typeof record.status === "string";
}

function upstreamError(result: GuardedPostResult): UpstreamError | null {
  const body = parseJson(result.responseBody) as { error?: UpstreamError } | null;
  return typeof body?.error?.code === "string" ? body.error : null;
}

interface UpstreamCatalogRecord {
  sku: string;
  category: string;
  name: string;
  group: string;
  region: string;
  price: string;
  in_stock: boolean;
  min_quantity: number;
  max_quantity: number;
  fields: { name: string; label: string; required: boolean; pattern: string | null }[];
  attributes?: { platform?: string; appid?: number; months?: number; stars?: number; wallet_currency?: string; wallet_amount?: string };
}

/** A catalog record of the upstream (its Product schema, docs/api.md) as an importable product; null when it is not one we can read. */
function productOfRecord(record: UpstreamCatalogRecord): UpstreamProduct | null {
  const cost = typeof record?.price === "string" ? parseMoney(record.price) : null;
  if (cost === null || typeof record.sku !== "string" || !(PRODUCT_CATEGORIES as readonly string[]).includes(record.category) || !Array.isArray(record.fields))
    return null;
  const attributes = record.attributes ?? {};
  const meta: ProductMeta = {};
  if (attributes.platform !== undefined) meta.platform = attributes.platform;
  if (attributes.appid !== undefined) meta.appid = attributes.appid;
  if (attributes.months !== undefined) meta.months = attributes.months;
  if (attributes.stars !== undefined) meta.stars = attributes.stars;
  if (attributes.wallet_currency !== undefined) meta.walletCurrency = attributes.wallet_currency;
  if (attributes.wallet_amount !== undefined) meta.walletAmount = attributes.wallet_amount;
  return {
    id: record.sku,
    name: record.name,
    category: record.category as ProductCategory,
    group: record.group,
    region: record.region,
    // Our price there, after our tier's discount on that upstream: what we pay.
    cost,
    currency: "USD",
    available: record.in_stock === true,
    fields: record.fields.map((field): ProductField =>
      field.pattern
        ? { name: field.name, label: field.label, required: field.required, pattern: field.pattern }
        : { name: field.name, label: field.label, required: field.required },
    ),
    minQuantity: record.min_quantity,
    maxQuantity: record.max_quantity,
    meta,
  };
}

/** An upstream order record as we read it; an order it failed returned its charge to us, so another offer may be tried. */
function outcomeOfRecord(record: UpstreamOrderRecord): UpstreamOutcome {
  switch (record.status) {
    case "completed":
      return {
        state: "completed",
        upstreamOrderId: record.order_id,
        note: record.delivery?.note ?? null,
        items: (record.delivery?.items ?? []).map((item) => ({ code: item.code ?? null, pin: item.pin ?? null, serial: item.serial ?? null })),
      };
    case "processing":
      return { state: "placed", upstreamOrderId: record.order_id };
    case "failed":
    case "refunded":
      return {
        state: "failed",
        upstreamOrderId: record.order_id,
        code: refusalOfReason(record.failure_reason),
        message: `Upstream order ${record.status}: ${record.failure_reason ?? "no reason given"}`,
      };
    default:
      return { state: "unknown", message: `Upstream order in an unknown status "${record.status}".` };
  }
}

/** The sandbox's and most suppliers' wording of a recipient that does not exist. */
function refusalOfReason(reason: string | null): RefusalCode {
  return reason && /recipient|player|account|not found/i.test(reason) ? "invalid_recipient" : "product_unavailable";
}

/** A refusal an upstream answered with a status and its documented error body, as ours. */
function refusalOf(status: number, error: UpstreamError | null): RefusalCode {
  switch (error?.code) {
    case "out_of_stock":
      return "out_of_stock";
    case "invalid_player":
    case "invalid_recipient":
      return "invalid_recipient";
    case "validation_error":
      return error.details?.issues?.some((issue) => issue.path.startsWith("fields")) ? "invalid_recipient" : "product_unavailable";
    case "product_unavailable":
    case "wrong_category":
    case "not_found":
      return "product_unavailable";
  }
  // Our key refused or blocked, or our balance there too low: this upstream cannot sell now, another may.
  return status === 401 || status === 402 || status === 403 ? "supplier_unavailable" : "product_unavailable";
}

export const resellerApiConnector: ConnectorFactory = (input) => {
  const { supplier, credentials, options } = input;
  const base = (supplier.baseUrl ?? "").replace(/\/+$/, "");
  /** An upstream's text, with our key taken out should it echo it back, and cut short. */
  const clean = (text: string) => (credentials ? text.replaceAll(credentials, "[key]") : text).slice(0, MAX_ERROR_TEXT);

  const call = (method: "GET" | "POST" | "PUT", path: string, extra: { headers?: Record<string, string>; body?: unknown } = {}) =>
    guardedRequest(`${base}${path}`, {
      method,
      headers: Object.assign(
        { Accept: "application/json", "X-API-Key": credentials ?? "" },
        extra.body === undefined ? {} : { "Content-Type": "application/json" },
        extra.headers ?? {},
      ),
      body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
      timeoutMs: options.timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
      allowPrivate: options.allowPrivate,
      resolver: options.resolver,
    });

  const transportProblem = (result: GuardedPostResult) => clean(result.error ?? `HTTP ${result.status}`);
  /** Not known yet: ask again later, when the upstream said when. */
  const unknown = (result: GuardedPostResult, message: string): UpstreamOutcome => {
    const retryAfterMs = upstreamRetryAfterMs(result);
    return retryAfterMs === undefined ? { state: "unknown", message } : { state: "unknown", message, retryAfterMs };
  };

  async function findByReference(request: UpstreamOrderRequest): Promise<UpstreamOutcome | "absent"> {
    const result = await call("GET", `/api/v2/orders?reference=${encodeURIComponent(request.reference)}&limit=1`);
    if (!result.ok) return unknown(result, `Reading the order by reference: ${transportProblem(result)}`);
    const page = parseJson(result.responseBody) as { data?: unknown[] } | null;
    if (!Array.isArray(page?.data)) return { state: "unknown", message: "Reading the order by reference: an answer we could not read." };
    const [found] = page.data;
    if (found === undefined) return "absent";
    return isOrderRecord(found) ? outcomeOfRecord(found) : { state: "unknown", message: "Reading the order by reference: an answer we could not read." };
  }

  async function placeOrder(request: UpstreamOrderRequest): Promise<UpstreamOutcome> {
    const result = await call("POST", "/api/v2/order", {
      headers: { "Idempotency-Key": request.reference },
      body: { sku: request.upstreamProductId, quantity: request.quantity, fields: request.fields, reference: request.reference },
    });
    // Never connected: nothing reached the upstream, so nothing was bought.
    if (!result.sent) return { state: "refused", code: "supplier_unavailable", message: clean(result.error ?? "Not sent.") };
    if (result.status === null || result.status >= 500) return unknown(result, `Sending the order: ${transportProblem(result)}`);
    if (result.ok) {
      const record = parseJson(result.responseBody);
      return isOrderRecord(record) ? outcomeOfRecord(record) : { state: "unknown", message: "Sending the order: an answer we could not read." };
    }
    const error = upstreamError(result);
    // Our reference or key is taken upstream: by an earlier send of this very attempt. It exists; read it.
    if (error?.code === "duplicate_reference" || error?.code === "idempotency_conflict") {
      const found = await findByReference(request);
      return found === "absent" ? { state: "unknown", message: `The upstream says the order exists (${error.code}) but does not list it.` } : found;
    }
    // Rate limited: not placed, but this offer is still good; asked again later under the same key.
    if (result.status === 429) return unknown(result, "The upstream rate-limited the order; it is sent again later under the same key.");
    return {
      state: "refused",
      code: refusalOf(result.status, error),
      message: `HTTP ${result.status} ${error ? `${error.code}: ${clean(error.message)}` : ""}`.trim(),
    };
  }

  /** An answer that is not what was asked for: worth asking again when the upstream was busy or unreachable. */
  const notOk = (what: string, result: GuardedPostResult): { ok: false; retryable: boolean; message: string } => {
    const error = upstreamError(result);
    const retryable = !result.sent || result.status === null || result.status === 429 || result.status >= 500;
    return { ok: false, retryable, message: `${what}: ${error ? `HTTP ${result.status} ${error.code}: ${clean(error.message)}` : transportProblem(result)}` };
  };

  const claims: UpstreamClaims = {
    async open(upstreamOrderId, claim) {
      const result = await call("POST", `/api/v2/orders/${encodeURIComponent(upstreamOrderId)}/claims`, {
        headers: { "Idempotency-Key": claim.reference },
        body: { reason: claim.reason, message: claim.message },
      });
      if (result.ok) {
        const opened = claimOfRecord(parseJson(result.responseBody));
        return opened ? { ok: true, claim: opened } : { ok: false, retryable: true, message: "Opening the claim: an answer we could not read." };
      }
      const error = upstreamError(result);
      // Our earlier send opened it and its answer was lost: the open claim it names is ours.
      if (error?.code === "claim_conflict" && typeof error.details?.claim_id === "string") return claims.read(error.details.claim_id);
      return notOk("Opening the claim", result);
    },
    async read(upstreamClaimId) {
      const result = await call("GET", `/api/v2/claims/${encodeURIComponent(upstreamClaimId)}`);
      if (!result.ok) return notOk("Reading the claim", result);
      const claim = claimOfRecord(parseJson(result.responseBody));
      return claim ? { ok: true, claim } : { ok: false, retryable: true, message: "Reading the claim: an answer we could not read." };
    },
    async messages(upstreamClaimId) {
      const result = await call("GET", `/api/v2/claims/${encodeURIComponent(upstreamClaimId)}/messages?limit=100`);
      if (!result.ok) return notOk("Reading the claim's chat", result);
      const page = parseJson(result.responseBody) as { data?: { message_id?: unknown; author?: unknown; text?: unknown }[] } | null;
      if (!Array.isArray(page?.data)) return { ok: false, retryable: true, message: "Reading the claim's chat: an answer we could not read." };
      const messages = page.data.flatMap((message) =>
        typeof message.message_id === "string" && typeof message.author === "string" && typeof message.text === "string"
          ? [{ id: message.message_id, author: message.author, text: message.text }]
          : [],
      );
      return { ok: true, messages };
    },
    async order(upstreamOrderId): Promise<UpstreamAnswer<{ total: bigint; items: DeliveredItem[]; note: string | null }>> {
      const result = await call("GET", `/api/v2/order/${encodeURIComponent(upstreamOrderId)}`);
      if (!result.ok) return notOk("Reading the order", result);
      const record = parseJson(result.responseBody) as (UpstreamOrderRecord & { total?: unknown }) | null;
      const total = typeof record?.total === "string" ? parseMoney(record.total) : null;
      if (!isOrderRecord(record) || total === null) return { ok: false, retryable: true, message: "Reading the order: an answer we could not read." };
      const outcome = outcomeOfRecord(record);
      return { ok: true, total, items: outcome.state === "completed" ? outcome.items : [], note: record.delivery?.note ?? null };
    },
  };

  return {
    placeOrder,
    claims,
    async reconcile(request, upstreamOrderId) {
      if (upstreamOrderId) {
        const result = await call("GET", `/api/v2/order/${encodeURIComponent(upstreamOrderId)}`);
        const record = result.ok ? parseJson(result.responseBody) : null;
        if (isOrderRecord(record)) return outcomeOfRecord(record);
        if (!result.ok) return unknown(result, `Reading the order: ${transportProblem(result)}`);
        return { state: "unknown", message: "Reading the order: an answer we could not read." };
      }
      const found = await findByReference(request);
      // Not there: the first send never arrived. The same key again makes it at most one order.
      return found === "absent" ? placeOrder(request) : found;
    },
    async checkRecipient(upstreamProductId, product, fields) {
      if (!product.fields.some((field) => field.name === "player_id") || !fields.player_id) return null;
      const query = new URLSearchParams({ sku: upstreamProductId, player_id: fields.player_id });
      if (fields.zone_id) query.set("zone_id", fields.zone_id);
      const result = await call("GET", `/api/checkplayerid?${query}`);
      const answer = result.ok ? (parseJson(result.responseBody) as { valid?: unknown; nickname?: unknown; reason?: unknown } | null) : null;
      if (answer?.valid === true) return { valid: true, nickname: typeof answer.nickname === "string" ? answer.nickname : "" };
      if (answer?.valid === false) return { valid: false, reason: typeof answer.reason === "string" ? clean(answer.reason) : "No such player or account." };
      return null;
    },
    async balance() {
      const result = await call("GET", "/api/v2/balance");
      if (!result.ok) {
        const error = upstreamError(result);
        return { ok: false, reason: error ? `HTTP ${result.status} ${error.code}: ${clean(error.message)}` : transportProblem(result) };
      }
      const answer = parseJson(result.responseBody) as { balance?: unknown; currency?: unknown } | null;
      const balance = typeof answer?.balance === "string" ? parseMoney(answer.balance) : null;
      if (balance === null || typeof answer?.currency !== "string") return { ok: false, reason: "The balance answer could not be read." };
      return { ok: true, balance, currency: answer.currency };
    },
    async registerWebhook(url) {
      // Its documented answer (docs/api.md, "Webhooks"): the first PUT makes the secret and shows it once;
      // when a webhook was set up before, a regenerated secret is the only one we can learn (the old one stops).
      const failed = (what: string, result: GuardedPostResult) => {
        const error = upstreamError(result);
        return { ok: false as const, reason: `${what}: ${error ? `HTTP ${result.status} ${error.code}: ${clean(error.message)}` : transportProblem(result)}` };
      };
      // Extended events too: a claim we forwarded comes back by its order.claim.* events.
      const put = await call("PUT", "/api/v2/account/webhook", { body: { url, enabled: true, extended_events: true } });
      if (!put.ok) return failed("Setting the webhook URL", put);
      const answer = parseJson(put.responseBody) as { secret?: unknown } | null;
      if (typeof answer?.secret === "string") return { ok: true, secret: answer.secret };
      const rotated = await call("POST", "/api/v2/account/webhook/secret/regenerate", { body: {} });
      if (!rotated.ok) return failed("Getting the webhook's secret", rotated);
      const secret = (parseJson(rotated.responseBody) as { secret?: unknown } | null)?.secret;
      return typeof secret === "string" ? { ok: true, secret } : { ok: false, reason: "The webhook's secret could not be read from the answer." };
    },
    async listProducts({ cursor, category, group }) {
      const query = new URLSearchParams({ limit: "100" });
      if (cursor) query.set("cursor", cursor);
      if (category) query.set("category", category);
      if (group) query.set("group", group);
      const result = await call("GET", `/api/v2/catalog?${query}`);
      if (!result.ok) {
        const error = upstreamError(result);
        const reason = error ? `HTTP ${result.status} ${error.code}: ${clean(error.message)}` : transportProblem(result);
        const retryAfterMs = upstreamRetryAfterMs(result);
        return retryAfterMs === undefined ? { ok: false, reason } : { ok: false, reason, retryAfterMs };
      }
      const page = parseJson(result.responseBody) as { data?: unknown; next_cursor?: unknown } | null;
      if (!Array.isArray(page?.data)) return { ok: false, reason: "The catalog answer could not be read." };
      const products = (page.data as UpstreamCatalogRecord[]).map(productOfRecord).filter((product) => product !== null);
      return { ok: true, products, nextCursor: typeof page.next_cursor === "string" ? page.next_cursor : null };
    },
  };
};
