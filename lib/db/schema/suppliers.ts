import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, micros, timestamptz } from "./columns";
import { orders } from "./orders";
import { products } from "./products";

/** How we talk to an upstream: one connector file per kind (lib/fulfilment/suppliers/). */
export const SUPPLIER_KINDS = ["sandbox", "reseller-api", "reloadly", "kinguin"] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

/**
 * An upstream wholesaler we buy from. Its credentials are stored only encrypted (AES-GCM with
 * ENCRYPTION_KEY, as webhook secrets); `credentials_hint` is what the admin sees of them again.
 */
export const suppliers = pgTable(
  "suppliers",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<SupplierKind>().notNull(),
    name: text("name").notNull(),
    baseUrl: text("base_url"),
    credentialsEncrypted: text("credentials_encrypted"),
    credentialsHint: text("credentials_hint"),
    enabled: boolean("enabled").notNull().default(true),
    lowBalanceThreshold: micros("low_balance_threshold"),
    lastBalance: micros("last_balance"),
    lastBalanceCurrency: text("last_balance_currency"),
    balanceCheckedAt: timestamptz("balance_checked_at"),
    lastError: text("last_error"),
    lastErrorAt: timestamptz("last_error_at"),
    /**
     * Micro-dollars per one unit of the supplier's currency (1_000_000 for a USD supplier): what its costs
     * and balance are worth in our money. Set by the admin for a supplier that prices in another currency.
     */
    usdRate: micros("usd_rate")
      .notNull()
      .default(sql`1000000`),
    /** Upstream calls of this supplier in flight at once, across the worker's jobs: a slow supplier holds only its own. */
    maxInFlight: integer("max_in_flight").notNull().default(8),
    /** Set from an upstream 429's Retry-After: nothing is sent to it before then. */
    rateLimitedUntil: timestamptz("rate_limited_until"),
    /** When its catalog was last read for costs and availability (the sync job). */
    lastSyncedAt: timestamptz("last_synced_at"),
    /** The secret its signed webhooks are checked with (encrypted like the credentials); null: it is polled. */
    webhookSecretEncrypted: text("webhook_secret_encrypted"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("suppliers_kind_valid", sql`${t.kind} in ('sandbox', 'reseller-api', 'reloadly', 'kinguin')`),
    check("suppliers_usd_rate_positive", sql`${t.usdRate} > 0`),
    check("suppliers_max_in_flight_positive", sql`${t.maxInFlight} >= 1`),
  ],
);

export type Supplier = typeof suppliers.$inferSelect;

/** One way to fulfil a product: from this supplier's product at this cost per unit. */
export const offers = pgTable(
  "offers",
  {
    id: text("id").primaryKey(),
    sku: text("sku")
      .notNull()
      .references(() => products.sku),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    upstreamProductId: text("upstream_product_id").notNull(),
    /** What the supplier charges us per unit. */
    cost: micros("cost").notNull(),
    /** Lower first; offers of equal priority go cheapest first. */
    priority: integer("priority").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    /** The upstream's name of the product, as its catalog last showed it. */
    upstreamName: text("upstream_name"),
    /** False when the upstream's catalog last listed it as not sold: routing skips it until a sync sees it again. */
    available: boolean("available").notNull().default(true),
    syncedAt: timestamptz("synced_at"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("offers_sku_supplier_product_key").on(t.sku, t.supplierId, t.upstreamProductId),
    index("offers_supplier_idx").on(t.supplierId),
    check("offers_cost_not_negative", sql`${t.cost} >= 0`),
  ],
);

export type Offer = typeof offers.$inferSelect;

export const SUPPLIER_ATTEMPT_STATUSES = ["sending", "placed", "refused", "unknown", "completed", "failed"] as const;
export type SupplierAttemptStatus = (typeof SUPPLIER_ATTEMPT_STATUSES)[number];
/** An attempt in these may have bought something upstream: nothing else is sent for its order until it settles. */
export const OPEN_ATTEMPT_STATUSES = ["sending", "placed", "unknown"] as const satisfies readonly SupplierAttemptStatus[];

/**
 * One try of an order at one offer. Written `sending` and committed before the request leaves, so a
 * process that dies meanwhile leaves a row that the next run reconciles instead of buying again. The
 * id is our reference and idempotency key upstream.
 */
export const supplierAttempts = pgTable(
  "supplier_attempts",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    offerId: text("offer_id")
      .notNull()
      .references(() => offers.id),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    upstreamOrderId: text("upstream_order_id"),
    /** Set on an attempt that buys a claim's replacement for a completed order, rather than the order itself. */
    claimId: text("claim_id"),
    /** What this attempt costs us for the whole order (the offer's unit cost times the quantity). */
    cost: micros("cost").notNull(),
    status: text("status").$type<SupplierAttemptStatus>().notNull(),
    /** Our error code (out_of_stock, invalid_recipient, ...) of a refusal or failure. */
    errorCode: text("error_code"),
    error: text("error"),
    /** Set when the outcome stayed unknown past SUPPLIER_RECONCILE_DEADLINE: the order waits for a person. */
    escalatedAt: timestamptz("escalated_at"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    index("supplier_attempts_order_idx").on(t.orderId, t.createdAt),
    // At most one attempt per order may be in flight: two workers on one order cannot both send.
    uniqueIndex("supplier_attempts_one_open_key")
      .on(t.orderId)
      .where(sql`${t.status} in ('sending', 'placed', 'unknown')`),
    check("supplier_attempts_status_valid", sql`${t.status} in ('sending', 'placed', 'refused', 'unknown', 'completed', 'failed')`),
  ],
);

export type SupplierAttempt = typeof supplierAttempts.$inferSelect;

export const PRICE_CHANGE_ACTIONS = ["cost", "repriced", "paused", "resumed", "unavailable", "available"] as const;
export type PriceChangeAction = (typeof PRICE_CHANGE_ACTIONS)[number];

/**
 * What a catalog sync changed, for the admin's price-change log: an offer's cost moved ("cost"), our list
 * price followed it by the product's margin rule ("repriced"), the product was paused because its cost
 * rose above the price ("paused") or resumed when it fell back ("resumed"), or the upstream stopped or
 * started selling it.
 */
export const priceChanges = pgTable(
  "price_changes",
  {
    id: text("id").primaryKey(),
    sku: text("sku")
      .notNull()
      .references(() => products.sku),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    offerId: text("offer_id")
      .notNull()
      .references(() => offers.id),
    action: text("action").$type<PriceChangeAction>().notNull(),
    oldCost: micros("old_cost"),
    newCost: micros("new_cost"),
    oldPrice: micros("old_price"),
    newPrice: micros("new_price"),
    createdAt: createdAt(),
  },
  (t) => [
    index("price_changes_created_idx").on(t.createdAt),
    index("price_changes_sku_idx").on(t.sku, t.createdAt),
    check("price_changes_action_valid", sql`${t.action} in ('cost', 'repriced', 'paused', 'resumed', 'unavailable', 'available')`),
  ],
);

export type PriceChange = typeof priceChanges.$inferSelect;
