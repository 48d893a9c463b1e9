import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { products } from "./products";

/**
 * How a keyed code_hash starts (lib/catalog/code-hash.ts). Codes stored before the hash was keyed hold
 * a bare SHA-256 in hex, and are re-hashed after the migrations (lib/catalog/rehash-stock-codes.ts).
 * A prefix rather than a version column: the value itself says how it was made, so no second column
 * can disagree with it, a row written by an instance still running the old code reads as old without
 * its help, and an old and a new hash can never stand for each other in the unique index.
 */
export const KEYED_CODE_HASH_PREFIX = "hmac-sha256:";

/** The rows still holding an unkeyed hash; a literal, so that the partial index serves any query with it. */
export const UNKEYED_CODE_HASH = sql.raw(`code_hash not like '${KEYED_CODE_HASH_PREFIX}%'`);

/**
 * Codes and keys uploaded by admins, encrypted at rest. Each is handed out once: orders claim
 * available rows with FOR UPDATE SKIP LOCKED. The hash rejects the same code uploaded twice.
 */
export const stockCodes = pgTable(
  "stock_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sku: text("sku")
      .notNull()
      .references(() => products.sku),
    codeEncrypted: text("code_encrypted").notNull(),
    pinEncrypted: text("pin_encrypted"),
    serial: text("serial"),
    codeHash: text("code_hash").notNull(),
    orderId: text("order_id"),
    createdAt: createdAt(),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [
    uniqueIndex("stock_codes_sku_hash_key").on(t.sku, t.codeHash),
    // Free codes oldest first: the claim's order. Its leading created_at is an order that the primary
    // key cannot give, so the claim never walks the sold codes in id order (claim-codes.db.test.ts).
    index("stock_codes_available_idx")
      .on(t.sku, t.createdAt, t.id)
      .where(sql`order_id is null`),
    // An order's codes are read and stamped by its id when it completes, fails or is refunded.
    index("stock_codes_order_id_idx")
      .on(t.orderId)
      .where(sql`order_id is not null`),
    // Each start looks for codes left to re-hash: empty once they are, so the look costs nothing.
    index("stock_codes_unkeyed_hash_idx").on(t.id).where(UNKEYED_CODE_HASH),
  ],
);

export type StockCode = typeof stockCodes.$inferSelect;
