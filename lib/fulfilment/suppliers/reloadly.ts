import { createHash } from "node:crypto";
import { parseMoney } from "@/lib/money/money";
import { guardedRequest, type GuardedPostResult } from "@/lib/net/guarded-request";
import { upstreamRetryAfterMs } from "./retry-after";
import type { ConnectorFactory, DeliveredItem, RefusalCode, UpstreamCatalogPage, UpstreamOrderRequest, UpstreamOutcome, UpstreamProduct } from "./connector";
import { parseJson } from "./parse-answer";

/*
 * Kind `reloadly`: the Reloadly Gift Cards API. Written from its public documentation and SDKs:
 *   - Reloadly's OpenAPI reference, github.com/Reloadly/reloadly-api-documentation (openapi/paths/access-token.yaml,
 *     giftcards-order-a-gift-card.yaml, giftcards-get-a-redeem-code.yaml, giftcards-get-all-products.yaml,
 *     giftcards-get-all-transactions.yaml, giftcards-get-transaction-by-id.yaml, and their components/schemas):
 *     hosts giftcards.reloadly.com / giftcards-sandbox.reloadly.com, token at https://auth.reloadly.com/oauth/token with
 *     client_id, client_secret, grant_type=client_credentials and audience = the gift-cards host; answers
 *     { access_token, expires_in, token_type }; the error body { timeStamp, message, path, errorCode, infoLink, details }
 *     (401 INVALID_TOKEN, 400 "Invalid price, please ensure you selected the right price.", 404 "Invalid transaction id").
 *   - Reloadly's Java SDK, github.com/Reloadly/reloadly-sdk-java, java-sdk-giftcard: GiftcardOrdersOperations (POST
 *     orders; GET orders/transactions/{id}/cards answers a list of { cardNumber, pinCode }), GiftcardTransactionsOperations
 *     and GiftcardTransactionFilter (GET reports/transactions with customIdentifier, page, size), GiftcardProductFilter
 *     (page, size, includeRange, includeFixed), GiftCardTransactionStatus (SUCCESSFUL, PENDING, PROCESSING, FAILED,
 *     REFUNDED), the Accept header application/com.reloadly.giftcards-v1+json (core Version.GIFTCARD_V1), the paged
 *     answers { content, totalPages, last, number, size } in src/test/resources (products_paged_unfiltered_response.json,
 *     transactions_paged_filtered_response.json, transaction_with_recipient_email_response.json: amount 17.52 = 17.51
 *     sender price - 0.49 discount + 0.50 fee), and OAuthException.isExpiredToken (errorCode TOKEN_EXPIRED).
 *   - The gift-cards account balance, GET /accounts/balance -> { balance, currencyCode, currencyName, updatedAt }
 *     (github.com/r-ugwu-reloadly/reloadly-typescript-sdk-2.0, src/controllers/giftCardsAccountBalanceController.ts).
 *   - The order body today (reloadly-node-docs.vercel.app/giftcards/orders/order-gift-card.html, source
 *     github.com/hsib19/reloadly-node apps/docs/giftcards): senderName required, recipientEmail optional ("if absent,
 *     no email will be sent from Reloadly"), preOrder; products carry status, senderFeePercentage and
 *     additionalRequirements.userIdRequired.
 *   - Reloadly's error codes (www.reloadly.com/docs/api/, "Error Codes"): TOKEN_EXPIRED, INSUFFICIENT_BALANCE,
 *     INACTIVE_ACCOUNT, ACCOUNT_NOT_FOUND, MAX_DAILY_TRANSACTION_COUNT_REACHED, MAX_DAILY_TRANSACTION_AMOUNT_REACHED,
 *     TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT, INVALID_AMOUNT, COUNTRY_NOT_SUPPORTED; 403 for a business-level
 *     refusal such as too little balance; 429 RATE_LIMIT_REACHED. CUSTOM_IDENTIFIER_ALREADY_USED and IMPOSSIBLE_AMOUNT
 *     as seen answered in production by Reloadly (github.com/vlab-research/vlab, dinersclub's provider error table).
 *
 * What each test in reloadly.test.ts reproduces of that documented behaviour:
 *   - "fetches one token for many calls, with the documented client-credentials body": POST /oauth/token with
 *     client_id, client_secret, grant_type and audience, the token re-used while expires_in lasts.
 *   - "fetches a new token when expires_in has passed": a token is re-used only until expires_in.
 *   - "a 401 TOKEN_EXPIRED refreshes the token once and places the order once": the documented 401 + TOKEN_EXPIRED.
 *   - "reads the catalog page by page: one product per fixed denomination, at the documented cost": GET
 *     /products?page&size&includeFixed&includeRange, the Spring page (content, totalPages, last),
 *     fixedRecipientToSenderDenominationsMap, senderFee, senderFeePercentage, discountPercentage, status,
 *     additionalRequirements.userIdRequired; "rounds the cost up, never below what Reloadly charges".
 *   - "orders with our attempt id as customIdentifier and reads the redeem codes": POST /orders, status SUCCESSFUL,
 *     GET /orders/transactions/{id}/cards -> [{ cardNumber, pinCode }].
 *   - "a PENDING order is placed, and reconcile completes it": statuses PENDING then SUCCESSFUL,
 *     GET /reports/transactions/{id} and GET /reports/transactions?customIdentifier=.
 *   - "a duplicate customIdentifier reads the existing transaction, never a second purchase": 400
 *     CUSTOM_IDENTIFIER_ALREADY_USED, and the account charged once.
 *   - "an order whose answer was lost is unknown, then found by its customIdentifier" and "reconcile of an order
 *     Reloadly never received sends it again, once": the transactions report filtered by customIdentifier, empty
 *     when nothing was placed.
 *   - "maps each documented refusal and failure to its outcome": 400 INSUFFICIENT_BALANCE, 400 "Invalid price",
 *     403, 404, 401 INVALID_TOKEN twice, 429 with Retry-After, 500, a 200 that is not JSON.
 *   - "wrong client credentials are a definite refusal that names neither secret nor token": 401
 *     INVALID_CREDENTIALS "Access Denied" at /oauth/token; "an upstream echoing our credentials or token back has
 *     them taken out"; "never connected is a definite refusal: nothing left"; "checks no recipient".
 *   - reloadly-supplier.db.test.ts: the same through the worker's fulfil and reconcile jobs, credentials stored
 *     encrypted, Test connection reading /accounts/balance.
 *
 * Settings: the supplier's base URL is the gift-cards API (https://giftcards.reloadly.com, or
 * https://giftcards-sandbox.reloadly.com), which is also the token's audience. Its credentials are one JSON string
 * { "clientId", "clientSecret"[, "authUrl"] }. The auth server is https://auth.reloadly.com for both of Reloadly's own
 * hosts (one auth server serves live and sandbox, the audience tells them apart); any other base URL (a local fake, a
 * proxy) must name its auth server's base URL in authUrl, to which /oauth/token is appended.
 */

const ACCEPT = "application/com.reloadly.giftcards-v1+json";
const RELOADLY_HOSTS = new Set(["giftcards.reloadly.com", "giftcards-sandbox.reloadly.com"]);
const RELOADLY_AUTH_URL = "https://auth.reloadly.com";
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const MAX_ERROR_TEXT = 300;
const PAGE_SIZE = 50;
/** What one Reloadly order may hold: one of our orders is one Reloadly order, so its quantity is capped here. */
const MAX_QUANTITY = 10;
/**
 * The name on the gift card's receipt, which Reloadly requires. No email is sent (we leave recipientEmail out), so
 * nobody but us reads it: it names neither our reseller nor their customer.
 */
const SENDER_NAME = "Gift card";
/** Refreshed this long before Reloadly's expires_in (at most a tenth of its life), so no call leaves with a token about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

interface Credentials {
  clientId: string;
  clientSecret: string;
  authUrl?: string;
}

interface ReloadlyError {
  message?: string;
  errorCode?: string | null;
}

interface ReloadlyTransaction {
  transactionId: number;
  status: string;
  customIdentifier?: string | null;
}

interface ReloadlyProduct {
  productId: number;
  productName: string;
  status?: string;
  senderFee?: number | null;
  senderFeePercentage?: number | null;
  discountPercentage?: number | null;
  denominationType: string;
  recipientCurrencyCode: string;
  senderCurrencyCode: string;
  fixedRecipientDenominations?: number[] | null;
  fixedSenderDenominations?: number[] | null;
  fixedRecipientToSenderDenominationsMap?: Record<string, number> | Record<string, number>[] | null;
  brand?: { brandName?: string } | null;
  country?: { isoName?: string } | null;
  additionalRequirements?: { userIdRequired?: boolean } | null;
}

type Token = { value: string; expiresAt: number };

/**
 * Tokens in process memory, per supplier and per credentials (a digest, never the secret itself), so that a
 * supplier whose credentials change gets a new token. A token being fetched is shared by every call waiting for it.
 */
const tokens = new Map<string, Token>();
const tokensInFlight = new Map<string, Promise<Token | TokenFailure>>();

type TokenFailure = { failure: string };

function parseCredentials(text: string | null): Credentials | null {
  const value = parseJson(text) as Partial<Credentials> | null;
  if (typeof value?.clientId !== "string" || typeof value.clientSecret !== "string" || !value.clientId || !value.clientSecret) return null;
  if (value.authUrl !== undefined && typeof value.authUrl !== "string") return null;
  return { clientId: value.clientId, clientSecret: value.clientSecret, authUrl: value.authUrl };
}

/** Reloadly's own hosts use its auth server; anything else must say where its auth server is. */
function authBaseOf(base: string, credentials: Credentials): string | null {
  if (credentials.authUrl) return credentials.authUrl.replace(/\/+$/, "");
  try {
    return RELOADLY_HOSTS.has(new URL(base).hostname) ? RELOADLY_AUTH_URL : null;
  } catch {
    return null;
  }
}

/** A decimal amount as Reloadly writes it (a JSON number) in micro-units; null when it is not one. */
function microsOf(value: unknown): bigint | null {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return parseMoney(value.toFixed(6));
  if (typeof value === "string") return parseMoney(value);
  return null;
}

function errorOf(result: GuardedPostResult): ReloadlyError | null {
  const body = parseJson(result.responseBody) as ReloadlyError | null;
  return body && typeof body === "object" && (typeof body.message === "string" || typeof body.errorCode === "string") ? body : null;
}

function isTransaction(value: unknown): value is ReloadlyTransaction {
  const record = value as ReloadlyTransaction | null;
  return typeof record?.transactionId === "number" && typeof record.status === "string";
}

/** A transaction report answers a page ({ content }) today and a bare list in the older reference; a single read, an object or a one-element list. */
function transactionsOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  const page = value as { content?: unknown } | null;
  if (Array.isArray(page?.content)) return page.content;
  return isTransaction(value) ? [value] : null;
}

/** Reloadly's refusal of an order (nothing was bought) as one of our codes. */
function refusalOf(status: number, error: ReloadlyError | null): RefusalCode | "duplicate" {
  const code = (error?.errorCode ?? "").toUpperCase();
  const message = error?.message ?? "";
  if (code.includes("CUSTOM_IDENTIFIER") || (/custom\s*identifier/i.test(message) && /already|exist|used|duplicate/i.test(message))) return "duplicate";
  switch (code) {
    case "INSUFFICIENT_BALANCE":
    case "INACTIVE_ACCOUNT":
    case "ACCOUNT_NOT_FOUND":
    case "MAX_DAILY_TRANSACTION_COUNT_REACHED":
    case "MAX_DAILY_TRANSACTION_AMOUNT_REACHED":
    case "TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT":
      return "supplier_unavailable";
    case "INVALID_AMOUNT":
    case "IMPOSSIBLE_AMOUNT":
    case "COUNTRY_NOT_SUPPORTED":
      return "product_unavailable";
  }
  if (/out of stock|no stock|sold out/i.test(message) || code.includes("STOCK")) return "out_of_stock";
  if (code.includes("RECIPIENT") || /recipient|email/i.test(message)) return "invalid_recipient";
  // Our credentials or account refused (401 after a fresh token, 403 a business-level refusal such as funds):
  // this supplier cannot sell now, another may.
  if (status === 401 || status === 403) return "supplier_unavailable";
  // 400 (an invalid price, a product it no longer sells at that denomination) or 404 (no such product or path).
  return "product_unavailable";
}

/** Our offer's upstream id of a fixed denomination: "<productId>:<denomination in the recipient currency>". */
function parseUpstreamId(id: string): { productId: number; unitPrice: number } | null {
  const match = /^(\d{1,12}):(\d{1,9}(?:\.\d{1,2})?)$/.exec(id.trim());
  return match ? { productId: Number(match[1]), unitPrice: Number(match[2]) } : null;
}

/** The sender price of each fixed denomination: the documented map (an object, or a list of one-key objects), else the two lists side by side. */
function senderPrices(product: ReloadlyProduct): Map<string, unknown> {
  const prices = new Map<string, unknown>();
  const key = (value: number | string) => Number(value).toFixed(2);
  const map = product.fixedRecipientToSenderDenominationsMap;
  const entries = Array.isArray(map) ? map.flatMap((one) => Object.entries(one ?? {})) : Object.entries(map ?? {});
  for (const [recipient, sender] of entries) prices.set(key(recipient), sender);
  const recipients = product.fixedRecipientDenominations ?? [];
  const senders = product.fixedSenderDenominations ?? [];
  recipients.forEach((recipient, index) => {
    if (!prices.has(key(recipient)) && senders[index] !== undefined) prices.set(key(recipient), senders[index]);
  });
  return prices;
}

/**
 * What one card of a denomination costs us, in micro-units of the sender currency (our account's):
 *   sender price x (1 - discountPercentage / 100) + senderFee + sender price x senderFeePercentage / 100.
 * Reloadly charges the sender price less its discount, plus its fee (the SDK's fixture: 17.51 - 0.49 + 0.50 =
 * 17.52). The discount is rounded down and the percentage fee up, so the cost is never below what is charged.
 * senderFee is documented per purchase; it is counted on every card, which overstates a many-card order's cost
 * rather than understating it.
 */
export function unitCostOf(senderPrice: bigint, discountPercent: bigint, fee: bigint, feePercent: bigint): bigint {
  const hundredPercent = 100_000_000n;
  const discount = (senderPrice * discountPercent) / hundredPercent;
  const percentFee = (senderPrice * feePercent + hundredPercent - 1n) / hundredPercent;
  return senderPrice - discount + fee + percentFee;
}

/** A fixed-denomination product as one importable product per denomination; nothing for what we cannot order. */
function productsOf(product: ReloadlyProduct): UpstreamProduct[] {
  if (typeof product?.productId !== "number" || product.denominationType !== "FIXED") return [];
  // Products asking for a user id need productAdditionalRequirements, whose shape is not documented: not offered.
  if (product.additionalRequirements?.userIdRequired) return [];
  const discount = microsOf(product.discountPercentage ?? 0);
  const fee = microsOf(product.senderFee ?? 0);
  const feePercent = microsOf(product.senderFeePercentage ?? 0);
  if (discount === null || fee === null || feePercent === null) return [];
  const available = product.status === undefined || product.status === "ACTIVE";
  const out: UpstreamProduct[] = [];
  for (const [denomination, sender] of senderPrices(product)) {
    const senderPrice = microsOf(sender);
    if (senderPrice === null) continue;
    out.push({
      id: `${product.productId}:${denomination}`,
      name: `${product.productName} ${denomination} ${product.recipientCurrencyCode}`,
      category: "giftcard",
      group: product.brand?.brandName ?? product.productName,
      region: product.country?.isoName ?? "GLOBAL",
      cost: unitCostOf(senderPrice, discount, fee, feePercent),
      currency: product.senderCurrencyCode,
      available,
      fields: [],
      minQuantity: 1,
      maxQuantity: MAX_QUANTITY,
      meta: {},
    });
  }
  return out;
}

export const reloadlyConnector: ConnectorFactory = (input) => {
  const { supplier, options } = input;
  const credentials = parseCredentials(input.credentials);
  const base = (supplier.baseUrl ?? "").replace(/\/+$/, "");
  const authBase = credentials ? authBaseOf(base, credentials) : null;
  const cacheKey = credentials
    ? `${supplier.id}:${createHash("sha256")
        .update(JSON.stringify([credentials.clientId, credentials.clientSecret, authBase, base]))
        .digest("hex")}`
    : "";
  const secrets = [credentials?.clientSecret, credentials?.clientId].filter((s): s is string => !!s && s.length >= 4);

  /** An upstream's text with our credentials and any token taken out, should it echo them, and cut short. */
  const clean = (text: string) => {
    let out = text;
    for (const secret of secrets) out = out.replaceAll(secret, "[credentials]");
    const token = tokens.get(cacheKey)?.value;
    if (token) out = out.replaceAll(token, "[token]");
    return out.replace(/Bearer\s+\S+/gi, "Bearer [token]").slice(0, MAX_ERROR_TEXT);
  };
  const describe = (result: GuardedPostResult) => {
    const error = errorOf(result);
    if (error) return clean(`HTTP ${result.status}${error.errorCode ? ` ${error.errorCode}` : ""}: ${error.message ?? ""}`.trim());
    return clean(result.error ?? `HTTP ${result.status}`);
  };

  const request = (url: string, method: "GET" | "POST", headers: Record<string, string>, body?: unknown) =>
    guardedRequest(url, {
      method,
      headers: body === undefined ? headers : Object.assign({ "Content-Type": "application/json" }, headers),
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: options.timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
      allowPrivate: options.allowPrivate,
      resolver: options.resolver,
    });

  async function fetchToken(): Promise<Token | TokenFailure> {
    if (!credentials) return { failure: 'The supplier\'s credentials could not be read; store {"clientId", "clientSecret"}.' };
    if (!authBase) return { failure: "No auth server is known for this base URL; give authUrl in the credentials." };
    const result = await request(
      `${authBase}/oauth/token`,
      "POST",
      { Accept: "application/json" },
      {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        grant_type: "client_credentials",
        audience: base,
      },
    );
    const answer = result.ok ? (parseJson(result.responseBody) as { access_token?: unknown; expires_in?: unknown } | null) : null;
    if (typeof answer?.access_token !== "string" || !answer.access_token) {
      return { failure: `Getting an access token: ${result.ok ? "an answer we could not read." : describe(result)}` };
    }
    const lifeMs = typeof answer.expires_in === "number" && answer.expires_in > 0 ? answer.expires_in * 1000 : 0;
    return { value: answer.access_token, expiresAt: Date.now() + lifeMs - Math.min(TOKEN_MARGIN_MS, lifeMs / 10) };
  }

  async function token(): Promise<Token | TokenFailure> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached;
    let pending = tokensInFlight.get(cacheKey);
    if (!pending) {
      pending = fetchToken().finally(() => tokensInFlight.delete(cacheKey));
      tokensInFlight.set(cacheKey, pending);
    }
    const fetched = await pending;
    if ("value" in fetched) tokens.set(cacheKey, fetched);
    return fetched;
  }

  /**
   * One call of the gift-cards API with a bearer token. A 401 saying the token expired or is invalid is answered
   * by Reloadly's authentication before the request is processed, so nothing was done, an order POST included:
   * the token is dropped, a new one fetched and the call made once more (an order again under the same
   * customIdentifier, which Reloadly would refuse as a duplicate had the first one been placed after all).
   */
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<GuardedPostResult | TokenFailure> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await token();
      if (!("value" in bearer)) return bearer;
      const result = await request(`${base}${path}`, method, { Accept: ACCEPT, Authorization: `Bearer ${bearer.value}` }, body);
      const code = result.status === 401 ? (errorOf(result)?.errorCode ?? "").toUpperCase() : "";
      if (attempt === 0 && result.status === 401 && (code === "TOKEN_EXPIRED" || code === "INVALID_TOKEN" || code === "")) {
        if (tokens.get(cacheKey)?.value === bearer.value) tokens.delete(cacheKey);
        continue;
      }
      return result;
    }
  }

  const unknown = (message: string, retryAfterMs?: number | null): UpstreamOutcome =>
    retryAfterMs === null || retryAfterMs === undefined ? { state: "unknown", message } : { state: "unknown", message, retryAfterMs };

  /** A transaction as our outcome; a successful one only once its codes are read. */
  async function outcomeOf(transaction: ReloadlyTransaction, quantity: number): Promise<UpstreamOutcome> {
    const upstreamOrderId = String(transaction.transactionId);
    switch (transaction.status.toUpperCase()) {
      case "SUCCESSFUL": {
        const result = await call("GET", `/orders/transactions/${transaction.transactionId}/cards`);
        const cards = "failure" in result || !result.ok ? null : parseJson(result.responseBody);
        // Bought but its codes not read yet: placed, and the reconcile job reads them again.
        if (!Array.isArray(cards) || cards.length < quantity) return { state: "placed", upstreamOrderId };
        const items: DeliveredItem[] = cards.map((card: { cardNumber?: unknown; pinCode?: unknown }) => ({
          code: card?.cardNumber === undefined || card.cardNumber === null ? null : String(card.cardNumber),
          pin: card?.pinCode === undefined || card.pinCode === null ? null : String(card.pinCode),
          serial: null,
        }));
        return { state: "completed", upstreamOrderId, items, note: null };
      }
      case "PENDING":
      case "PROCESSING":
        return { state: "placed", upstreamOrderId };
      case "FAILED":
      case "REFUNDED":
        return {
          state: "failed",
          upstreamOrderId,
          code: "product_unavailable",
          message: `Reloadly transaction ${upstreamOrderId} ${transaction.status.toLowerCase()}.`,
        };
      default:
        return unknown(`Reloadly transaction ${upstreamOrderId} in an unknown status "${clean(transaction.status)}".`);
    }
  }

  async function findByCustomIdentifier(order: UpstreamOrderRequest): Promise<UpstreamOutcome | "absent"> {
    const query = new URLSearchParams({ customIdentifier: order.reference, page: "1", size: "10" });
    const result = await call("GET", `/reports/transactions?${query}`);
    if ("failure" in result) return unknown(`Reading the transaction by customIdentifier: ${result.failure}`);
    if (!result.ok) return unknown(`Reading the transaction by customIdentifier: ${describe(result)}`, upstreamRetryAfterMs(result));
    const list = transactionsOf(parseJson(result.responseBody));
    if (!list) return unknown("Reading the transaction by customIdentifier: an answer we could not read.");
    const found = list.find((one) => isTransaction(one) && one.customIdentifier === order.reference) as ReloadlyTransaction | undefined;
    return found ? outcomeOf(found, order.quantity) : "absent";
  }

  async function placeOrder(order: UpstreamOrderRequest): Promise<UpstreamOutcome> {
    const target = parseUpstreamId(order.upstreamProductId);
    if (!target) return { state: "refused", code: "product_unavailable", message: "Not a Reloadly product id (<productId>:<denomination>)." };
    const result = await call("POST", "/orders", {
      productId: target.productId,
      quantity: order.quantity,
      unitPrice: target.unitPrice,
      customIdentifier: order.reference,
      senderName: SENDER_NAME,
      preOrder: false,
    });
    // No token, or never connected: the order never reached Reloadly, so nothing was bought.
    if ("failure" in result) return { state: "refused", code: "supplier_unavailable", message: result.failure };
    if (!result.sent) return { state: "refused", code: "supplier_unavailable", message: describe(result) };
    if (result.status === null || result.status >= 500) return unknown(`Sending the order: ${describe(result)}`, upstreamRetryAfterMs(result));
    // Rate limited: not placed, but this offer is still good; asked again after Retry-After under the same customIdentifier.
    if (result.status === 429) return unknown(`Reloadly rate-limited the order: ${describe(result)}`, upstreamRetryAfterMs(result));
    if (result.ok) {
      const transaction = parseJson(result.responseBody);
      return isTransaction(transaction) ? outcomeOf(transaction, order.quantity) : unknown("Sending the order: an answer we could not read.");
    }
    const error = errorOf(result);
    const refusal = refusalOf(result.status, error);
    if (refusal === "duplicate") {
      // Our customIdentifier is taken: by an earlier send of this very attempt. It exists; read it.
      const found = await findByCustomIdentifier(order);
      return found === "absent" ? unknown("Reloadly says the customIdentifier is used but does not list it.") : found;
    }
    return { state: "refused", code: refusal, message: describe(result) };
  }

  return {
    placeOrder,
    async reconcile(order, upstreamOrderId) {
      if (upstreamOrderId) {
        const result = await call("GET", `/reports/transactions/${encodeURIComponent(upstreamOrderId)}`);
        if ("failure" in result) return unknown(`Reading the transaction: ${result.failure}`);
        if (!result.ok) return unknown(`Reading the transaction: ${describe(result)}`, upstreamRetryAfterMs(result));
        const [transaction] = transactionsOf(parseJson(result.responseBody)) ?? [];
        return isTransaction(transaction) ? outcomeOf(transaction, order.quantity) : unknown("Reading the transaction: an answer we could not read.");
      }
      const found = await findByCustomIdentifier(order);
      // Not there: the first send never arrived. The same customIdentifier again makes it at most one order.
      return found === "absent" ? placeOrder(order) : found;
    },
    async checkRecipient() {
      return null;
    },
    async balance() {
      const result = await call("GET", "/accounts/balance");
      if ("failure" in result) return { ok: false, reason: result.failure };
      if (!result.ok) return { ok: false, reason: describe(result) };
      const answer = parseJson(result.responseBody) as { balance?: unknown; currencyCode?: unknown } | null;
      const balance = microsOf(answer?.balance);
      if (balance === null || typeof answer?.currencyCode !== "string") return { ok: false, reason: "The balance answer could not be read." };
      return { ok: true, balance, currency: answer.currencyCode };
    },
    async listProducts({ cursor, category, group }): Promise<UpstreamCatalogPage> {
      if (category && category !== "giftcard") return { ok: true, products: [], nextCursor: null };
      const page = cursor && /^\d{1,6}$/.test(cursor) ? Number(cursor) : 1;
      const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE), includeFixed: "true", includeRange: "false" });
      const result = await call("GET", `/products?${query}`);
      if ("failure" in result) return { ok: false, reason: result.failure };
      if (!result.ok) {
        const reason = describe(result);
        const retryAfterMs = upstreamRetryAfterMs(result);
        return retryAfterMs === undefined ? { ok: false, reason } : { ok: false, reason, retryAfterMs };
      }
      const answer = parseJson(result.responseBody) as { content?: unknown; last?: unknown; totalPages?: unknown } | unknown[] | null;
      const list = Array.isArray(answer) ? answer : Array.isArray(answer?.content) ? answer.content : null;
      if (!list) return { ok: false, reason: "The products answer could not be read." };
      const wanted = group?.trim().toLowerCase();
      const products = (list as ReloadlyProduct[]).flatMap(productsOf).filter((product) => !wanted || product.group.toLowerCase() === wanted);
      const more = !Array.isArray(answer) && list.length > 0 && answer?.last !== true && (typeof answer?.totalPages !== "number" || page < answer.totalPages);
      return { ok: true, products, nextCursor: more ? String(page + 1) : null };
    },
  };
};
