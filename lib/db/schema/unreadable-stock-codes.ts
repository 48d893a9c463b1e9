import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { products } from "./products";

/**
 * Stock codes that an order claimed but could not decrypt with ENCRYPTION_KEY (uploaded through an
 * instance with another key, or stored damaged), moved out of stock so that no order is given them.
 * Out of stock_codes, their duplicate-check hash no longer holds their code, so an admin can upload
 * the code again once it is known; they are kept as stored, so that with the key they were written
 * with, `npm run cli -- encryption:recover` puts them back in stock.
 */
export const unreadableStockCodes = pgTable(
  "unreadable_stock_codes",
  {
    /** The code's id in stock_codes, kept so the warning in the log and the row can be matched. */
    id: bigint("id", { mode: "number" }).primaryKey(),
    sku: text("sku")
      .notNull()
      .references(() => products.sku),
    codeEncrypted: text("code_encrypted").notNull(),
    pinEncrypted: text("pin_encrypted"),
    serial: text("serial"),
    uploadedAt: timestamptz("uploaded_at").notNull(),
    setAsideAt: timestamptz("set_aside_at").notNull().defaultNow(),
  },
  (t) => [index("unreadable_stock_codes_sku_idx").on(t.sku)],
);
