import type { ClaimReason, Product, ProductCategory, ProductField, ProductMeta, Supplier, SupplierKind } from "@/lib/db/schema";
import type { HostResolver } from "@/lib/net/outbound-url";

/** Our error codes for an upstream's refusal: the documented codes a reseller reads, never a supplier's own. */
export type RefusalCode = "out_of_stock" | "invalid_recipient" | "product_unavailable" | "supplier_unavailable";

export interface DeliveredItem {
  code: string | null;
  pin: string | null;
  serial: string | null;
}

/**
 * What an upstream said about one of our orders, by how sure we are of it:
 * - completed: delivered, with its items;
 * - placed: accepted and still being fulfilled upstream (ask again later);
 * - refused: definitely NOT placed (nothing was bought), so another offer may be tried;
 * - failed: placed, then failed upstream with its charge returned to us, so another offer may be tried;
 * - unknown: it may or may not exist (a timeout, a reset, a 5xx, an answer we cannot read): ask again by our reference.
 *   `retryAfterMs` is the upstream's own word on when to ask again (a 429's Retry-After): nothing is sent
 *   to that supplier before then.
 */
export type UpstreamOutcome =
  | { state: "completed"; upstreamOrderId: string; items: DeliveredItem[]; note: string | null }
  | { state: "placed"; upstreamOrderId: string }
  | { state: "refused"; code: RefusalCode; message: string }
  | { state: "failed"; upstreamOrderId: string | null; code: RefusalCode; message: string }
  | { state: "unknown"; message: string; retryAfterMs?: number };

export interface UpstreamOrderRequest {
  /** Ours, unique per attempt: the upstream's idempotency key and reference, by which we find the order again. */
  reference: string;
  upstreamProductId: string;
  quantity: number;
  fields: Record<string, string>;
  /**
   * The most one unit may cost us, in micro-units of the upstream's currency: the unit price the reseller
   * paid, through the supplier's usd_rate; null when the product may be sold at a loss. The cost guard
   * checked the offer's cost before sending; a connector that learns the price only as it orders (Kinguin
   * orders at its current price) refuses above this, so a price risen since the last sync is never paid.
   */
  maxUnitCost?: bigint | null;
  /** Our product it is for: what a connector without a catalog of its own (the sandbox) answers by. */
  product: Pick<Product, "name" | "category" | "fields">;
}

export type UpstreamRecipientCheck = { valid: true; nickname: string } | { valid: false; reason: string };

export type UpstreamBalance = { ok: true; balance: bigint; currency: string } | { ok: false; reason: string };

/** One upstream, as fulfilment sees every kind of it. Never throws for an upstream's answer: every outcome is a value. */
/**
 * One product of an upstream's catalog, mapped to our shapes: its category, group and region as ours,
 * its required inputs as our product fields, and its cost per unit in the upstream's currency as
 * micro-units of that currency (the supplier's usd_rate turns them into micro-dollars).
 */
export interface UpstreamProduct {
  /** The upstream's own id: an offer's upstream product id. */
  id: string;
  name: string;
  category: ProductCategory;
  group: string;
  region: string;
  cost: bigint;
  currency: string;
  /** False when the upstream lists it but does not sell it now (no stock, disabled). */
  available: boolean;
  fields: ProductField[];
  minQuantity: number;
  maxQuantity: number;
  meta: ProductMeta;
}

export interface UpstreamCatalogQuery {
  /** The upstream's page to read: null for the first. */
  cursor: string | null;
  category?: ProductCategory;
  group?: string;
}

export type UpstreamCatalogPage = { ok: true; products: UpstreamProduct[]; nextCursor: string | null } | { ok: false; reason: string; retryAfterMs?: number };

export interface SupplierConnector {
  placeOrder(request: UpstreamOrderRequest): Promise<UpstreamOutcome>;
  /**
   * Settles an order whose outcome we do not know: found by our reference it answers its state; not found,
   * it is sent again under the same idempotency key, which the upstream turns into at most one order.
   */
  reconcile(request: UpstreamOrderRequest, upstreamOrderId: string | null): Promise<UpstreamOutcome>;
  /** null when this upstream cannot check a recipient of that product: our own field rules are all there is. */
  checkRecipient(upstreamProductId: string, product: Pick<Product, "fields">, fields: Record<string, string>): Promise<UpstreamRecipientCheck | null>;
  balance(): Promise<UpstreamBalance>;
  /** One page of the upstream's catalog, for import and the sync job; an upstream without a catalog (the sandbox) answers why not. */
  listProducts(query: UpstreamCatalogQuery): Promise<UpstreamCatalogPage>;
  /**
   * Points the upstream's signed webhooks of our account there at `url` (our endpoint for this supplier)
   * and answers the secret they are signed with. Only an upstream that sends webhooks has it.
   */
  registerWebhook?(url: string): Promise<UpstreamWebhookRegistration>;
  claims?: UpstreamClaims;
}

/** A claim at an upstream running this product, as its API's Claim record shows it. */
export interface UpstreamClaim {
  claimId: string;
  status: string;
  /** Its resolution's note: a rejection's reason, or the upstream admin's note on a replacement or refund. */
  note: string | null;
  refundAmount: bigint | null;
}

export interface UpstreamClaimMessage {
  id: string;
  author: string;
  text: string;
}

/** An answer of the upstream's API; `retryable` when asking again later may succeed (a timeout, a 5xx, a 429). */
export type UpstreamAnswer<T> = ({ ok: true } & T) | { ok: false; retryable: boolean; message: string };

/** Claims through an upstream's API: only an upstream running this product has them (kind reseller-api). */
export interface UpstreamClaims {
  /**
   * Opens a claim on our order there, with `reference` as its Idempotency-Key. A claim already open on that
   * order (our earlier send, whose answer was lost) is answered instead: an order has one open claim at a time.
   */
  open(upstreamOrderId: string, claim: { reference: string; reason: ClaimReason; message: string }): Promise<UpstreamAnswer<{ claim: UpstreamClaim }>>;
  read(upstreamClaimId: string): Promise<UpstreamAnswer<{ claim: UpstreamClaim }>>;
  /** The latest page of the claim's chat, newest first. */
  messages(upstreamClaimId: string): Promise<UpstreamAnswer<{ messages: UpstreamClaimMessage[] }>>;
  /** Our order there: what it charged us and what it delivers now (a replacement's new codes). */
  order(upstreamOrderId: string): Promise<UpstreamAnswer<{ total: bigint; items: DeliveredItem[]; note: string | null }>>;
}

export type UpstreamWebhookRegistration = { ok: true; secret: string } | { ok: false; reason: string };

export interface ConnectorOptions {
  /** Every upstream call's whole exchange must fit in it. */
  timeoutMs: number;
  /** Lifts the SSRF guard's private-address check (SUPPLIER_ALLOW_PRIVATE, for tests and a local upstream). */
  allowPrivate: boolean;
  resolver?: HostResolver;
}

export interface ConnectorInput {
  supplier: Pick<Supplier, "id" | "kind" | "baseUrl">;
  /** Decrypted, held only in memory for the call. */
  credentials: string | null;
  options: ConnectorOptions;
}

export type ConnectorFactory = (input: ConnectorInput) => SupplierConnector;
export type ConnectorRegistry = Record<SupplierKind, ConnectorFactory>;
