import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { products } from "./products";

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
    index("stock_codes_available_idx").on(t.sku, t.createdAt, t.id).where(sql`order_id is null`),
    // An order's codes are read and stamped by its id when it completes, fails or is refunded.
    index("stock_codes_order_id_idx").on(t.orderId).where(sql`order_id is not null`),
  ],
);

export type StockCode = typeof stockCodes.$inferSelect;
