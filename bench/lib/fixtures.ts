/*
 * Test data for the benchmark, made with the app's own domain functions (so the rows are exactly
 * what the app writes): migrations, the demo catalog, a reseller with a large balance and an API key,
 * many stock codes, and the webhook set-up. Runs in the orchestrator, never in a measured process.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { findProduct } from "@/lib/catalog/get-product";
import { discountedPrice } from "@/lib/catalog/pricing";
import { addStockCodes } from "@/lib/catalog/stock";
import { tierDiscounts } from "@/lib/catalog/tier-discounts";
import { resellerCreate } from "@/lib/cli/commands";
import { openDatabase, pgliteDirOf, type Database, type Tx } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { events, jobs, ledgerEntries, orders, stockCodes, users, webhookDeliveries, type Tier } from "@/lib/db/schema";
import { seedDemo } from "@/lib/seed/demo-seed";
import { buildEventBody } from "@/lib/webhooks/envelope";
import { enqueueWebhookDelivery } from "@/lib/webhooks/enqueue";
import { saveWebhook } from "@/lib/webhooks/settings";
import { accountActor } from "@/lib/audit/record";

export const ORDER_SKU = "giftcard-steam-us-10";

export function openPostgres(url: string): Database {
  return openDatabase({ url, maxConnections: 4 });
}

export function openPglite(dataDir: string): Database {
  return openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
}

/** Migrations and the demo seed (what `npm run cli -- db:seed` does). */
export async function prepareSchema(database: Database): Promise<void> {
  await migrateDatabase(database);
  await seedDemo(database.db);
}

export interface BenchReseller {
  id: string;
  email: string;
  apiKey: string;
}

/** A reseller with an opening balance and an API key, as `reseller:create ... --api-key` makes it. */
export async function createReseller(database: Database, balance: string, tier: Tier = "Silver"): Promise<BenchReseller> {
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const created = await resellerCreate(database.db, { email, password: "bench-password-1", tier, balance, "api-key": true });
  return { id: created.id, email: created.email, apiKey: created.api_key! };
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
function stockCode(): string {
  const chars = Array.from(randomBytes(15), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}`;
}

/** Encrypted codes through addStockCodes, in its largest allowed uploads. */
export async function addStock(database: Database, sku: string, total: number): Promise<void> {
  for (let done = 0; done < total; done += 10_000) {
    const lines = Array.from({ length: Math.min(10_000, total - done) }, () => ({
      code: stockCode(),
      pin: String(1000 + (randomBytes(2).readUInt16BE() % 9000)),
      serial: null,
    }));
    await addStockCodes(database.db, sku, lines);
  }
}

export async function availableCodes(database: Database, sku: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(stockCodes)
    .where(and(eq(stockCodes.sku, sku), isNull(stockCodes.orderId)));
  return Number(row.n);
}

/** Jobs that a worker would still pick up: the benchmark waits for none before each measurement. */
export async function pendingJobs(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(jobs)
    .where(sql`${jobs.status} in ('pending', 'running') and ${jobs.runAt} <= now() and ${jobs.kind} <> 'jobs.prune'`);
  return Number(row.n);
}

/**
 * VACUUM ANALYZE, as pgbench does before it measures: the dead rows thousands of orders leave behind
 * are cleared now rather than by an autovacuum that starts in the middle of the next measurement.
 */
export async function settleDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum analyze`);
  // Writes the pages the phase (and the vacuum) dirtied now, rather than in a checkpoint that starts
  // in the middle of the next measurement and is counted in its Postgres CPU.
  await database.db.execute(sql`checkpoint`);
}

export async function someOrderId(database: Database, userId: string): Promise<string> {
  const [row] = await database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "completed")))
    .limit(1);
  if (!row) throw new Error("no completed order to read back");
  return row.id;
}

export interface MoneyCheck {
  balance: bigint;
  ledgerSum: bigint;
  orders: number;
  orderEntries: number;
  codesHandedOut: number;
  codesPerOrderMismatch: number;
}

/** Everything an overdraft or a double hand-out would break. */
export async function checkMoney(database: Database, userId: string): Promise<MoneyCheck> {
  // One snapshot: an order committing between two of the reads must not look like a mismatch.
  return database.db.transaction((tx) => moneyIn(tx, userId), { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function moneyIn(db: Tx, userId: string): Promise<MoneyCheck> {
  const [user] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  const [ledger] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const [orderCount] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const [entries] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.type, "order")));
  const ids = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  const [codes] = await db.select({ n: count() }).from(stockCodes).where(inArray(stockCodes.orderId, ids));
  const [mismatch] = await db
    .select({ n: count() })
    .from(orders)
    .where(sql`${orders.userId} = ${userId} and ${orders.quantity} <> (select count(*) from ${stockCodes} where ${stockCodes.orderId} = ${orders.id})`);
  return {
    balance: user.balance,
    ledgerSum: BigInt(ledger.sum),
    orders: Number(orderCount.n),
    orderEntries: Number(entries.n),
    codesHandedOut: Number(codes.n),
    codesPerOrderMismatch: Number(mismatch.n),
  };
}

/** Points the reseller's webhook at the receiver and hands back its signing secret. */
export async function configureWebhook(database: Database, userId: string, url: string): Promise<string> {
  const { secret } = await saveWebhook(database.db, userId, { url, enabled: true }, accountActor(userId), { allowPrivate: true });
  if (!secret) throw new Error("the reseller already had a webhook");
  return secret;
}

/** Outbox events of the reseller that no delivery has touched yet, oldest first. */
export async function undeliveredEvents(database: Database, userId: string, limit: number) {
  const delivered = database.db.select({ id: webhookDeliveries.eventId }).from(webhookDeliveries);
  return database.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        sql`${events.id} not in (${delivered})`,
        sql`not exists (select 1 from ${jobs} where ${jobs.dedupeKey} = 'webhook.deliver:' || ${events.id}::text || ':1')`,
      ),
    )
    .orderBy(events.createdAt, events.id)
    .limit(limit);
}

/** Queues the first delivery of each event with the app's own enqueue, in one transaction. */
export async function enqueueDeliveries(database: Database, userId: string, eventIds: string[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    for (const id of eventIds) {
      if (!(await enqueueWebhookDelivery(tx, userId, id))) throw new Error("the webhook is not enabled");
    }
  });
}

/** The exact bodies the worker sends for these events. */
export async function eventBodies(database: Database, rows: Awaited<ReturnType<typeof undeliveredEvents>>) {
  const out: { id: string; type: string; body: string }[] = [];
  for (const event of rows) out.push({ id: event.id, type: event.type, body: await buildEventBody(database.db, event) });
  return out;
}

export async function deliveryOutcomes(database: Database, eventIds: string[]): Promise<Record<string, number>> {
  if (eventIds.length === 0) return {};
  const rows = await database.db
    .select({ status: webhookDeliveries.status, n: count() })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.eventId, eventIds))
    .groupBy(webhookDeliveries.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The reseller's price of one unit of the sku, as the order will charge it. */
export async function unitPrice(database: Database, sku: string, tier: Tier): Promise<bigint> {
  const product = await findProduct(database.db, sku);
  if (!product) throw new Error(`no product ${sku}`);
  return discountedPrice(product.listPrice, (await tierDiscounts(database.db, tier))[product.category]);
}
