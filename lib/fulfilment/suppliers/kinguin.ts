import { formatMoney, parseMoney } from "@/lib/money/money";
import { guardedRequest, type GuardedPostResult } from "@/lib/net/guarded-request";
import type { ProductMeta } from "@/lib/db/schema";
import { upstreamRetryAfterMs } from "./retry-after";
import type { ConnectorFactory, DeliveredItem, RefusalCode, UpstreamOrderRequest, UpstreamOutcome, UpstreamProduct } from "./connector";
import { parseJson } from "./parse-answer";

/*
 * Kind `kinguin`: game keys from Kinguin's eCommerce API, as its public documentation describes it
 * (github.com/kinguinltdhk/Kinguin-eCommerce-API; paths below are in that repository).
 *
 * - Base and auth (api/README.md): production https://gateway.kinguin.net/esa/api (the default URL),
 *   sandbox https://gateway.sandbox.kinguin.net/esa/api; the key in the `X-Api-Key` header on every
 *   call; a wrong key answers 401 { kind: "Authorization", detail: "Invalid authentication data." }.
 * - Errors (api/ErrorsCodes.md): a non-2xx status with { kind, status, title, detail, propertyPath, ... }.
 *   We read the `kind`: Authorization and InsufficientBalance -> supplier_unavailable (this upstream cannot
 *   sell now, another may); ProductUnavailable ("unable to find any offer matching order request criteria",
 *   i.e. none at that price and quantity) -> out_of_stock; Preorder, OrderNotSupported -> product_unavailable.
 *   Any other refusal of an order (ConstraintViolation, ResourceLock, OrderFailed, Http, a kind we do not
 *   know) is looked up by our orderExternalId before it counts as a refusal, because the documentation does
 *   not say how a reused orderExternalId is answered ("The value should be unique", api/order/v2/README.md):
 *   found, it is our order; absent, a refusal. 429, 5xx, a timeout, a reset or unreadable JSON after
 *   sending: unknown. The documentation gives no rate limits: a 429's Retry-After, when sent, is honoured.
 * - Products (api/products/v1/README.md, v2): GET /v1/products with page and limit (at most 100) answers
 *   { results, item_count }; GET /v2/products/{productId} one product (404 when it is gone). `price` is
 *   the cheapest offer's, in EUR; `qty` that offer's quantity; `textQty` how many of them are text keys.
 *   Our upstream product id is Kinguin's `productId`, the id a v2 order takes.
 * - Order (api/order/v2/README.md): POST /v2/order { products: [{ productId, qty, price, keyType }],
 *   orderExternalId } answers 201 with the Order Object. `price` is required, and Kinguin picks offers "according
 *   to the given price and available quantity": the connector knows only the product id, so it reads the
 *   product's current price right before ordering and sends that (the sync job's cost guard keeps our offer's
 *   cost, and so our price, in step with it). qty is at most 9 per product: a product of ours sells 1 to 9.
 *   We ask for `keyType: "text"` when there are text keys enough, not for a pre-order (BuyingPreorders.md
 *   forbids keyType there); a pre-order is refused (product_unavailable): its keys come on its release date,
 *   past any reconcile deadline. Our attempt's id is the orderExternalId.
 * - Order state (api/order/v1/README.md): GET /v1/order/{orderId}; GET /v1/order?orderExternalId= answers
 *   { results, item_count }. Statuses: processing (placed, asked again later), completed (all keys
 *   delivered: read them), canceled and refunded (failed: Kinguin returned the charge, another offer may sell).
 * - Keys (api/order/v2/README.md): GET /v2/order/{orderId}/keys?page&limit (at most 100, so one page holds
 *   our at most 9), an array of { id, serial, type }. A text/plain key's serial is the code. An image/*
 *   key's serial is the picture, base64: its code becomes a data: URL of it (what the buyer needs, kept
 *   encrypted like any code) and the order's note says which keys are pictures. A completed order with fewer
 *   keys than we ordered stays placed and is asked again rather than delivered short.
 * - Balance (api/balance/v1/README.md): GET /v1/balance { balance: float }, in EUR like every price.
 *   Amounts are EUR, answered in micro-EUR: the supplier's usd_rate turns them into our dollars.
 * - Never buy twice: reconcile reads the order by its id, or without one searches by orderExternalId; only a
 *   search that answers no such order sends again, under the same orderExternalId.
 *
 * What kinguin.test.ts reproduces, against testing/fake-kinguin.ts (which follows these shapes):
 * a wrong key (401 Authorization: refused supplier_unavailable; the balance's reason readable; the key in no
 * outcome, reason or message, even echoed back); the product search over two pages (page, limit, results,
 * item_count) mapped to game keys in EUR, with the group filter (name search) and another category answering
 * an empty page; an order accepted processing (placed), read again by its id while processing, then completed
 * with its text keys; an image key delivered as a data: URL; an answer dropped after the order was created,
 * found again by orderExternalId (exactly one order upstream); an order that never reached Kinguin (a 5xx
 * before it was made) sent again by reconcile under the same orderExternalId; a reused orderExternalId answered
 * with the existing order; out of stock (qty 0 read before ordering, and ProductUnavailable on the order); a
 * product that is gone (404); InsufficientBalance; a pre-order; more than 9 keys; 429 with Retry-After; 5xx
 * after the order was created; a timeout; JSON we cannot read; a canceled order (failed); nothing listening or
 * a private address refused by the guard (never connected). kinguin-routing.db.test.ts runs a reseller's order
 * through it end to end.
 */

export const KINGUIN_PRODUCTION_URL = "https://gateway.kinguin.net/esa/api";

const MAX_ANSWER_BYTES = 1024 * 1024;
/** Image keys come inside the answer, base64: room for nine pictures. */
const MAX_KEYS_BYTES = 8 * 1024 * 1024;
const MAX_ERROR_TEXT = 300;
const PAGE_SIZE = 100;
/** "The qty limit for one offer is 9" (api/order/v2/README.md). */
const MAX_QUANTITY = 9;

interface KinguinError {
  kind: string;
  detail: string | null;
}

interface KinguinProduct {
  productId: string;
  name: string;
  originalName?: unknown;
  platform?: unknown;
  price: number;
  qty: number;
  textQty?: unknown;
  regionId?: unknown;
  regionalLimitations?: unknown;
  isPreorder?: unknown;
}

interface KinguinOrder {
  orderId: string;
  orderExternalId?: unknown;
  status: string;
}

interface KinguinKey {
  serial: string;
  type: string;
}

function isProduct(value: unknown): value is KinguinProduct {
  const product = value as KinguinProduct | null;
  return (
    typeof product?.productId === "string" &&
    typeof product.name === "string" &&
    typeof product.price === "number" &&
    Number.isFinite(product.price) &&
    typeof product.qty === "number"
  );
}

function isOrder(value: unknown): value is KinguinOrder {
  const order = value as KinguinOrder | null;
  return typeof order?.orderId === "string" && typeof order.status === "string";
}

function isKey(value: unknown): value is KinguinKey {
  const key = value as KinguinKey | null;
  return typeof key?.serial === "string" && typeof key.type === "string";
}

/** Kinguin's float amount (EUR) as micro-units, through its decimal text rather than float arithmetic. */
export function microsOfAmount(value: unknown): bigint | null {
  return typeof value === "number" && Number.isFinite(value) ? parseMoney(value.toFixed(6)) : null;
}

/** Documented region ids (api/products/v1/README.md#regions) as our region codes. */
const REGIONS: Record<number, string> = { 2: "US", 3: "GLOBAL", 10: "ROW" };

/** Our region of a product: a documented region id, else its region's name made into our code's shape. */
function regionOf(product: KinguinProduct): string {
  if (typeof product.regionId === "number" && REGIONS[product.regionId]) return REGIONS[product.regionId];
  const name = typeof product.regionalLimitations === "string" ? product.regionalLimitations.trim() : "";
  if (/^region free$/i.test(name)) return "GLOBAL";
  const code = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 12)
    .replace(/-+$/, "");
  if (code.length >= 2) return code;
  return typeof product.regionId === "number" ? `REGION-${product.regionId}` : "GLOBAL";
}

/**
 * Our key platforms (ProductMeta.platform): platform-a is the platform whose wallet and gifts our API sells
 * (platformtopup, platformgifts by a game's appid), which Kinguin names Steam ("Steam", "PC Steam").
 * platform-b's counterpart is not named anywhere we can read, so every other platform is "others" until an
 * admin says otherwise on the product.
 */
function platformOf(platform: unknown): string {
  return typeof platform === "string" && /\bsteam\b/i.test(platform) ? "platform-a" : "others";
}

function productOf(record: unknown): UpstreamProduct | null {
  if (!isProduct(record)) return null;
  const cost = microsOfAmount(record.price);
  if (cost === null || cost < 0n) return null;
  const group = typeof record.originalName === "string" && record.originalName.trim() ? record.originalName.trim() : record.name;
  const meta: ProductMeta = { platform: platformOf(record.platform) };
  return {
    id: record.productId,
    name: record.name,
    category: "gamekey",
    // The game, as the demo's game keys are grouped: a platform would put thousands of games in one group.
    group,
    region: regionOf(record),
    cost,
    currency: "EUR",
    available: record.qty > 0 && record.isPreorder !== true,
    fields: [],
    minQuantity: 1,
    maxQuantity: MAX_QUANTITY,
    meta,
  };
}

function kinguinError(result: GuardedPostResult): KinguinError | null {
  const body = parseJson(result.responseBody) as { kind?: unknown; detail?: unknown } | null;
  return typeof body?.kind === "string" ? { kind: body.kind, detail: typeof body.detail === "string" ? body.detail : null } : null;
}

/** What a delivered key is to us: the code, or for a picture the picture itself as a data: URL. */
function itemOf(key: KinguinKey): DeliveredItem {
  return { code: key.type.startsWith("image/") ? `data:${key.type};base64,${key.serial}` : key.serial, pin: null, serial: null };
}

function imageNote(keys: KinguinKey[]): string | null {
  const pictures = keys.map((key, index) => ({ key, number: index + 1 })).filter(({ key }) => key.type.startsWith("image/"));
  if (pictures.length === 0) return null;
  const which = pictures.map(({ number }) => number).join(", ");
  return `Key ${which} of ${keys.length} ${pictures.length === 1 ? "is a picture" : "are pictures"} of the key (${pictures[0].key.type}): its code is a data: URL of the image; open it to read the key.`;
}

const withRetryAfter = <T extends object>(outcome: T, result: GuardedPostResult): T => {
  const retryAfterMs = upstreamRetryAfterMs(result);
  return retryAfterMs === undefined ? outcome : { ...outcome, retryAfterMs };
};

export const kinguinConnector: ConnectorFactory = (input) => {
  const { supplier, credentials, options } = input;
  const base = (supplier.baseUrl ?? KINGUIN_PRODUCTION_URL).replace(/\/+$/, "");
  /** An upstream's text, with our key taken out should it echo it back, and cut short. */
  const clean = (text: string) => (credentials ? text.replaceAll(credentials, "[key]") : text).slice(0, MAX_ERROR_TEXT);

  const call = (method: "GET" | "POST", path: string, body?: unknown, maxResponseBytes = MAX_ANSWER_BYTES) =>
    guardedRequest(`${base}${path}`, {
      method,
      headers:
        body === undefined
          ? { Accept: "application/json", "X-Api-Key": credentials ?? "" }
          : { Accept: "application/json", "X-Api-Key": credentials ?? "", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: options.timeoutMs,
      maxResponseBytes,
      allowPrivate: options.allowPrivate,
      resolver: options.resolver,
    });

  /** A failed call in words: the status and Kinguin's kind and detail, or what went wrong on the way. */
  const problem = (result: GuardedPostResult) => {
    const error = kinguinError(result);
    if (result.status !== null && error) return clean(`HTTP ${result.status} ${error.kind}${error.detail ? `: ${error.detail}` : ""}`);
    return clean(result.error ?? `HTTP ${result.status}`);
  };

  const unknown = (doing: string, result: GuardedPostResult): UpstreamOutcome =>
    withRetryAfter({ state: "unknown", message: `${doing}: ${problem(result)}` }, result);

  /** The keys of an order Kinguin calls completed; not all of them there yet, it stays placed. */
  async function delivered(order: KinguinOrder, quantity: number): Promise<UpstreamOutcome> {
    const result = await call("GET", `/v2/order/${encodeURIComponent(order.orderId)}/keys?page=1&limit=${PAGE_SIZE}`, undefined, MAX_KEYS_BYTES);
    const answer = result.ok ? parseJson(result.responseBody) : null;
    if (!Array.isArray(answer) || !answer.every(isKey) || answer.length < quantity) return { state: "placed", upstreamOrderId: order.orderId };
    const keys = answer as KinguinKey[];
    return { state: "completed", upstreamOrderId: order.orderId, items: keys.map(itemOf), note: imageNote(keys) };
  }

  async function outcomeOf(order: KinguinOrder, request: UpstreamOrderRequest): Promise<UpstreamOutcome> {
    switch (order.status) {
      case "processing":
        return { state: "placed", upstreamOrderId: order.orderId };
      case "completed":
        return delivered(order, request.quantity);
      case "canceled":
      case "refunded":
        return { state: "failed", upstreamOrderId: order.orderId, code: "product_unavailable", message: `Upstream order ${order.orderId} ${order.status}.` };
      default:
        return { state: "unknown", message: `Upstream order ${order.orderId} in an unknown status "${clean(order.status)}".` };
    }
  }

  /** Our order found by its orderExternalId (our reference), "absent" when Kinguin has none. */
  async function findByReference(request: UpstreamOrderRequest): Promise<UpstreamOutcome | "absent"> {
    const result = await call("GET", `/v1/order?${new URLSearchParams({ orderExternalId: request.reference, page: "1", limit: "25" })}`);
    if (!result.ok) return unknown("Searching the order by orderExternalId", result);
    const page = parseJson(result.responseBody) as { results?: unknown } | null;
    if (!Array.isArray(page?.results)) return { state: "unknown", message: "Searching the order by orderExternalId: an answer we could not read." };
    // Only an exact match is ours, whatever the filter's matching is.
    const found = page.results.find((order) => isOrder(order) && order.orderExternalId === request.reference) as KinguinOrder | undefined;
    return found ? outcomeOf(found, request) : "absent";
  }

  /** The product as Kinguin sells it now, or why nothing can be ordered (nothing was, either way). */
  async function currentProduct(request: UpstreamOrderRequest): Promise<KinguinProduct | UpstreamOutcome> {
    const result = await call("GET", `/v2/products/${encodeURIComponent(request.upstreamProductId)}`);
    if (result.status === 429) return unknown("Reading the product's price", result);
    if (result.status === 404) return { state: "refused", code: "product_unavailable", message: `Reading the product's price: ${problem(result)}` };
    if (!result.ok) return { state: "refused", code: "supplier_unavailable", message: `Reading the product's price: ${problem(result)}` };
    const product = parseJson(result.responseBody);
    if (!isProduct(product)) return { state: "refused", code: "supplier_unavailable", message: "Reading the product's price: an answer we could not read." };
    return product;
  }

  /** A refusal of the order by its documented kind; null for a kind that may hide our own order (see above). */
  function refusalOf(status: number, error: KinguinError | null): RefusalCode | null {
    if (status === 401 || status === 403) return "supplier_unavailable";
    switch (error?.kind) {
      case "Authorization":
      case "InsufficientBalance":
        return "supplier_unavailable";
      case "ProductUnavailable":
        return "out_of_stock";
      case "Preorder":
      case "OrderNotSupported":
        return "product_unavailable";
      default:
        return null;
    }
  }

  async function placeOrder(request: UpstreamOrderRequest): Promise<UpstreamOutcome> {
    if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > MAX_QUANTITY) {
      return { state: "refused", code: "product_unavailable", message: `At most ${MAX_QUANTITY} keys of one product are sold in one order.` };
    }
    const product = await currentProduct(request);
    if ("state" in product) return product;
    if (product.isPreorder === true) return { state: "refused", code: "product_unavailable", message: "A pre-order: its keys come on its release date." };
    if (product.qty < request.quantity) return { state: "refused", code: "out_of_stock", message: `Only ${product.qty} in stock.` };
    const unitCost = microsOfAmount(product.price);
    if (unitCost === null) return { state: "refused", code: "supplier_unavailable", message: "Reading the product's price: an answer we could not read." };
    // Kinguin orders at the price we send, read just now: above what the reseller paid, nothing is ordered.
    if (request.maxUnitCost != null && unitCost > request.maxUnitCost) {
      return {
        state: "refused",
        code: "product_unavailable",
        message: `Cost guard: Kinguin's price is now ${formatMoney(unitCost)} EUR a key, above the ${formatMoney(request.maxUnitCost)} EUR paid.`,
      };
    }
    const textKeys = typeof product.textQty === "number" && product.textQty >= request.quantity;
    const result = await call("POST", "/v2/order", {
      products: [{ productId: request.upstreamProductId, qty: request.quantity, price: product.price, ...(textKeys ? { keyType: "text" } : {}) }],
      orderExternalId: request.reference,
    });
    // Never connected: nothing reached Kinguin, so nothing was bought.
    if (!result.sent) return { state: "refused", code: "supplier_unavailable", message: clean(result.error ?? "Not sent.") };
    // Rate limited, or an answer lost or broken after sending: it may exist; asked again by orderExternalId.
    if (result.status === null || result.status === 429 || result.status >= 500) return unknown("Sending the order", result);
    if (result.ok) {
      const order = parseJson(result.responseBody);
      return isOrder(order) ? outcomeOf(order, request) : { state: "unknown", message: "Sending the order: an answer we could not read." };
    }
    const error = kinguinError(result);
    const refusal = refusalOf(result.status, error);
    if (refusal) return { state: "refused", code: refusal, message: problem(result) };
    const found = await findByReference(request);
    return found === "absent" ? { state: "refused", code: "product_unavailable", message: problem(result) } : found;
  }

  return {
    placeOrder,
    async reconcile(request, upstreamOrderId) {
      if (upstreamOrderId) {
        const result = await call("GET", `/v1/order/${encodeURIComponent(upstreamOrderId)}`);
        if (!result.ok) return unknown("Reading the order", result);
        const order = parseJson(result.responseBody);
        return isOrder(order) ? outcomeOf(order, request) : { state: "unknown", message: "Reading the order: an answer we could not read." };
      }
      const found = await findByReference(request);
      // Not there: the first send never made an order. Sent again under the same orderExternalId.
      return found === "absent" ? placeOrder(request) : found;
    },
    // Game keys have no recipient: there is nothing to check.
    checkRecipient: async () => null,
    async balance() {
      const result = await call("GET", "/v1/balance");
      if (!result.ok) return { ok: false, reason: problem(result) };
      const balance = microsOfAmount((parseJson(result.responseBody) as { balance?: unknown } | null)?.balance);
      return balance === null ? { ok: false, reason: "The balance answer could not be read." } : { ok: true, balance, currency: "EUR" };
    },
    async listProducts({ cursor, category, group }) {
      // Kinguin sells game keys only.
      if (category !== undefined && category !== "gamekey") return { ok: true, products: [], nextCursor: null };
      const page = cursor === null ? 1 : Number(cursor);
      if (!Number.isInteger(page) || page < 1) return { ok: false, reason: `Not a page of this catalog: ${cursor}.` };
      const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      // The name search narrows the pages read; the group itself is matched exactly below.
      const groupName = group?.trim() ?? "";
      const wanted = groupName.toLowerCase();
      if (groupName.length >= 3) query.set("name", groupName);
      const result = await call("GET", `/v1/products?${query}`);
      if (!result.ok) return withRetryAfter({ ok: false as const, reason: problem(result) }, result);
      const answer = parseJson(result.responseBody) as { results?: unknown; item_count?: unknown } | null;
      if (!Array.isArray(answer?.results)) return { ok: false, reason: "The catalog answer could not be read." };
      const products = answer.results
        .map(productOf)
        .filter((product) => product !== null)
        .filter((product) => !wanted || product.group.toLowerCase() === wanted);
      const total = typeof answer.item_count === "number" ? answer.item_count : 0;
      const more = answer.results.length > 0 && page * PAGE_SIZE < total;
      return { ok: true, products, nextCursor: more ? String(page + 1) : null };
    },
  };
};
