import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq, like, ne, sql } from "drizzle-orm";
import { createUser } from "@/lib/accounts/create-user";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { createProduct } from "@/lib/catalog/manage-products";
import { config } from "@/lib/config/env";
import { openDatabase, pgliteDirOf } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { offers, suppliers } from "@/lib/db/schema";
import { addOffer, createSupplier } from "@/lib/fulfilment/manage-suppliers";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { DEMO, seedDemo } from "@/lib/seed/demo-seed";

/**
 * Prepares instance A of the chained-wholesaler spec in its DATA_DIR (run with DATA_DIR set, so the
 * credentials are encrypted with A's own key): the demo seed, a buyer with a key, and B (another
 * instance of this product, at --upstream) as a reseller-api supplier with B's demo key, selling:
 * - chain-giftcard: B's Steam 10 card (stock on B, delivered at once);
 * - chain-failover: first a sku B does not sell (a definite refusal), then the same card;
 * - chain-topup: B's PUBG Mobile 325 UC (B's sandbox supplier: a player id ending in 0000 fails there).
 */
const { values } = parseArgs({ options: { upstream: { type: "string" }, out: { type: "string" } } });
// Emptied before the configuration is read: reading it writes A's new encryption key there.
rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
const dataDir = config().dataDir;
// On the real Postgres when the spec gives A one (DATABASE_URL), as a production A would be; else embedded.
const database = openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { pgliteDir: pgliteDirOf(dataDir) });
await migrateDatabase(database);
const { db } = database;
await seedDemo(db);

const buyer = await createUser(db, { email: "chain-buyer@e2e.test", password: "chain-buyer-password", name: "Chain buyer" });
const { key } = await createApiKey(db, { userId: buyer.id, name: "chain" });
await db.transaction((tx) => postLedgerEntry(tx, { userId: buyer.id, type: "adjustment", amount: 100_000_000n, description: "E2E opening balance" }));

const upstream = await createSupplier(db, { kind: "reseller-api", name: "Instance B", baseUrl: values.upstream!, credentials: DEMO.apiKey });
const product = (
  sku: string,
  category: "giftcard" | "topup",
  listPrice: string,
  fields: { name: string; label: string; required: boolean; pattern?: string }[] = [],
) =>
  createProduct(db, {
    sku,
    category,
    name: sku,
    group: "Chained",
    region: "GLOBAL",
    listPrice,
    fields,
    minQuantity: 1,
    maxQuantity: 5,
    fulfilment: "supplier",
    enabled: true,
    lowStockThreshold: 0,
  });
await product("chain-giftcard", "giftcard", "10.50");
await addOffer(db, { sku: "chain-giftcard", supplierId: upstream.id, upstreamProductId: "giftcard-steam-us-10", cost: 9_700_000n });
await product("chain-failover", "giftcard", "10.50");
await addOffer(db, { sku: "chain-failover", supplierId: upstream.id, upstreamProductId: "giftcard-not-sold-by-b", cost: 9_000_000n, priority: 0 });
await addOffer(db, { sku: "chain-failover", supplierId: upstream.id, upstreamProductId: "giftcard-steam-us-10", cost: 9_700_000n, priority: 1 });
await product("chain-topup", "topup", "5.20", [{ name: "player_id", label: "UID", required: true, pattern: "^[0-9]{6,12}$" }]);
await addOffer(db, { sku: "chain-topup", supplierId: upstream.id, upstreamProductId: "topup-pubgm-325", cost: 4_900_000n });

// As if just synced: the catalog sync would mark the sku B does not sell unavailable, and the failover spec
// is about B's refusal of an order.
await db
  .update(suppliers)
  .set({ lastSyncedAt: sql`now()` })
  .where(eq(suppliers.id, upstream.id));

// A's embedded mode gives the products it makes a sandbox offer, as the demo's; here only B sells them.
await db.delete(offers).where(and(like(offers.sku, "chain-%"), ne(offers.supplierId, upstream.id)));

await database.close();
writeFileSync(values.out ?? path.join(dataDir, "pair.json"), JSON.stringify({ buyerKey: key, supplierId: upstream.id }));
