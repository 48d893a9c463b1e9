import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { findProduct } from "@/lib/catalog/get-product";
import { discountedPrice } from "@/lib/catalog/pricing";
import { keepUnreadableSetAside } from "@/lib/catalog/unreadable-codes";
import { effectiveTier } from "@/lib/subscriptions/rules";
import { validateOrderFields } from "@/lib/catalog/validate-fields";
import type { Db, Tx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { idempotencyKeys, orders, tariffs, users, type Order, type OrderSource, type ProductCategory, type User } from "@/lib/db/schema";
import { notFound, validationError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids/ids";
import { enqueueJob } from "@/lib/jobs/queue";
import { insufficientBalance, postLedgerEntry } from "@/lib/ledger/post-entry";
import { uniqueViolation } from "./errors";
import { fulfilDelayMs } from "@/lib/fulfilment/fulfil-delay";
import { wakeLocalWorkers } from "@/lib/jobs/local-wake";
import { FULFIL_JOB } from "./fulfil-order";
import { duplicateReference, idempotencyConflict, priceChanged, productUnavailable, wrongCategory } from "./refusals";
import { deliverStock } from "./stock-delivery";
import { completeOrder } from "./transitions";
import type { OpenedItem } from "./serialize";
import { recordOrderCreated } from "./order-events";
import { requireVerifiedEmail } from "@/lib/accounts/email-verification";
import { accountActor, recordAudit, type AuditActor } from "@/lib/audit/record";
import { formatMoney } from "@/lib/money/money";

export interface PlaceOrderInput {
  /** The buyer; its balance and subscription are read with the prices. */
  user: Pick<User, "id">;
  sku: string;
  quantity: number;
  fields: Record<string, unknown>;
  reference?: string | null;
  idempotencyKey?: string | null;
  source: OrderSource;
  /**
   * Who placed it, for the audit log: the signed-in person or the API key, and the IP. Left out only
   * where the account acts on itself with no request behind it (the seed, tests).
   */
  actor?: AuditActor;
  /** The endpoint's category (POST /topup takes only top-ups); undefined accepts any. */
  categories?: ProductCategory[];
  /**
   * The highest unit price the buyer accepts (the API's `max_price`, the price a panel page showed):
   * an order priced above it by now is refused with `price_changed`, uncharged. Checked against the
   * price this very transaction charges, so no tariff or price change can slip in between.
   */
  maxUnitPrice?: bigint;
  /**
   * Runs once the order is known to be new (its key claimed), before anything is checked or charged;
   * a refusal it throws rolls the claim back. A replay never reaches it.
   */
  admit?: () => Promise<void>;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The request as an integrator sees it: field values as text (123 and "123" are one request), the
 * endpoint's categories, and the price cap when one is sent (left out otherwise, so that the hash of a
 * request without one is what it was before caps existed).
 */
function requestHash(input: PlaceOrderInput): string {
  const fields = Object.entries(input.fields)
    .map(([name, value]) => [name, value === null || value === undefined ? null : String(value)])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  const request = [input.sku, input.quantity, fields, input.reference ?? null, [...(input.categories ?? [])].sort()];
  if (input.maxUnitPrice !== undefined) request.push(String(input.maxUnitPrice));
  const canonical = JSON.stringify(request);
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * Claims the key for this order, or finds the order it already names. Concurrent requests with the
 * same key queue on its primary key until the first commits or rolls back, so only one of them ever
 * charges. It comes before any check of the request: a repeat answers the original order even if the
 * product has changed since, and a request that queued behind another answers as if sent after it
 * (the replay or the conflict), not with a refusal of its own, such as another endpoint's
 * wrong_category or the balance the first order has just spent.
 */
async function claimIdempotencyKey(tx: Tx, userId: string, key: string, hash: string, orderId: string): Promise<string | null> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash, orderId })
    .onConflictDoNothing()
    .returning({ orderId: idempotencyKeys.orderId });
  if (inserted.length) return null;
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .for("update");
  if (Date.now() - existing.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
    await tx
      .update(idempotencyKeys)
      .set({ requestHash: hash, orderId, createdAt: new Date() })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return null;
  }
  if (existing.requestHash !== hash) {
    throw idempotencyConflict(existing.orderId);
  }
  return existing.orderId;
}

/**
 * What an order is priced and checked by, in one read: the buyer's balance and subscription as they
 * are now, beside every tier's discounts (a row per tier). The subscription is read here rather than
 * taken from the caller, whose copy (the API key cache) may predate a change that has already
 * answered: an upgrade's prices apply from the next order on, on every instance.
 */
const orderPricing = preparedQuery((db) =>
  db
    .select({
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      balance: users.balance,
      tier: users.tier,
      periodStart: users.periodStart,
      periodEnd: users.periodEnd,
      nextTier: users.nextTier,
      subscriptionStatus: users.subscriptionStatus,
      tariffTier: tariffs.tier,
      discounts: tariffs.discounts,
    })
    .from(users)
    .leftJoin(tariffs, sql`true`)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("order_pricing"),
);

const insertOrder = preparedQuery((db) =>
  db
    .insert(orders)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      sku: sql.placeholder("sku"),
      productName: sql.placeholder("productName"),
      type: sql.placeholder("type"),
      quantity: sql.placeholder("quantity"),
      unitPrice: sql.placeholder("unitPrice"),
      total: sql.placeholder("total"),
      fields: sql.placeholder("fields"),
      reference: sql.placeholder("reference"),
      source: sql.placeholder("source"),
    })
    .returning()
    .prepare("insert_order"),
);

/**
 * `opened`: a stock order's delivered items in plain text, item for item, as its transaction opened
 * them (toOrderRecord takes them instead of opening each code again); absent for any other order.
 */
export interface PlacedOrder {
  order: Order;
  replayed: boolean;
  opened?: OpenedItem[];
}

/**
 * Places an order: one transaction writes the order and its order.created event, and debits the
 * balance (never below zero) with its ledger entry. A stock order is delivered in that same
 * transaction (its codes claimed, the order completed, order.status_changed recorded), so no process
 * death can leave it paid and undelivered; a supplier order gets a fulfilment job instead, and a
 * manual one waits for an admin.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const orderId = newId("ord");
  try {
    const placed = await db.transaction(async (tx): Promise<PlacedOrder> => {
      if (input.idempotencyKey) {
        // Only a request with a key is compared with an earlier one: the others need no digest.
        const existingId = await claimIdempotencyKey(tx, input.user.id, input.idempotencyKey, requestHash(input), orderId);
        if (existingId) {
          const [existing] = await tx.select().from(orders).where(eq(orders.id, existingId));
          return { order: existing, replayed: true };
        }
      }
      await input.admit?.();
      const product = await findProduct(tx, input.sku);
      if (!product || !product.enabled) throw productUnavailable(input.sku);
      if (input.categories && !input.categories.includes(product.category)) {
        throw wrongCategory(input.sku, product.category, input.categories.join(", "));
      }
      if (!Number.isInteger(input.quantity) || input.quantity < product.minQuantity || input.quantity > product.maxQuantity) {
        throw validationError([{ path: "quantity", message: `Must be a whole number from ${product.minQuantity} to ${product.maxQuantity}.` }]);
      }
      const { fields, issues } = validateOrderFields(product, input.fields);
      if (issues.length) throw validationError(issues);

      const rows = await orderPricing(tx).execute({ userId: input.user.id });
      if (rows.length === 0) throw notFound("Account");
      const [buyer] = rows;
      requireVerifiedEmail(buyer);
      const tier = effectiveTier(buyer);
      const unitPrice = discountedPrice(product.listPrice, (rows.find((row) => row.tariffTier === tier)?.discounts ?? {})[product.category]);
      if (input.maxUnitPrice !== undefined && unitPrice > input.maxUnitPrice) {
        throw priceChanged(product.sku, unitPrice, input.maxUnitPrice, input.source === "api" ? "max_price" : "confirmed");
      }
      const total = unitPrice * BigInt(input.quantity);
      // The charge is taken last (see below). An order that the balance just read does not cover is
      // refused before it locks any stock that another order could have.
      if (buyer.balance < total) throw insufficientBalance(buyer.balance, total);

      if (input.reference) {
        const [taken] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, input.user.id), eq(orders.reference, input.reference)));
        if (taken) throw duplicateReference(input.reference, taken.id);
      }
      const [created] = await insertOrder(tx).execute({
        id: orderId,
        userId: input.user.id,
        sku: product.sku,
        productName: product.name,
        type: product.category,
        quantity: input.quantity,
        unitPrice,
        total,
        fields,
        reference: input.reference ?? null,
        source: input.source,
      });
      await recordOrderCreated(tx, created);
      await recordAudit(tx, {
        accountId: input.user.id,
        actor: input.actor ?? accountActor(input.user.id),
        action: "order.placed",
        subject: orderId,
        details: { sku: product.sku, quantity: input.quantity, total: formatMoney(total), source: input.source },
      });
      let order = created;
      let opened: OpenedItem[] | undefined;
      if (product.fulfilment === "stock") {
        const delivered = await deliverStock(tx, product.sku, input.quantity, orderId);
        const completed = await completeOrder(tx, orderId, delivered.delivery);
        if (completed) [order, opened] = [completed, delivered.opened];
      }
      if (product.fulfilment === "supplier") {
        const delayMs = await fulfilDelayMs(tx, product.sku);
        await enqueueJob(tx, { kind: FULFIL_JOB, payload: { orderId }, runAt: new Date(Date.now() + delayMs), dedupeKey: `${FULFIL_JOB}:${orderId}` });
      }
      // The charge comes last: its conditional update locks the reseller's balance row until the
      // commit, and every other order of that reseller waits on that lock.
      await postLedgerEntry(tx, {
        userId: input.user.id,
        type: "order",
        amount: -total,
        orderId,
        description: `${product.name}${input.quantity > 1 ? ` x${input.quantity}` : ""}`,
      });
      return { order, replayed: false, opened };
    });
    // A supplier order's job is due now: a worker in this process starts it without waiting for its poll.
    if (!placed.replayed && placed.order.status === "processing") wakeLocalWorkers();
    return placed;
  } catch (error) {
    await keepUnreadableSetAside(db, error);
    const constraint = uniqueViolation(error);
    if (constraint === "orders_user_reference_key" && input.reference) {
      const [taken] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, input.user.id), eq(orders.reference, input.reference)));
      throw duplicateReference(input.reference, taken?.id ?? null);
    }
    throw error;
  }
}
