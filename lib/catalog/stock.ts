import { and, count, eq, isNull } from "drizzle-orm";
import { encryptSecret } from "@/lib/crypto/encryption";
import type { DbOrTx } from "@/lib/db/client";
import { products, stockCodes } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { stockCodeHash } from "./code-hash";
import type { StockLine } from "./stock-lines";

/**
 * Adds codes to a product's stock, encrypted; a code already in stock (or twice in the upload) is skipped
 * and counted. Only a product sold from stock takes codes: another's would never be delivered.
 */
export async function addStockCodes(db: DbOrTx, sku: string, lines: StockLine[]): Promise<{ added: number; duplicates: number }> {
  const [product] = await db.select({ fulfilment: products.fulfilment }).from(products).where(eq(products.sku, sku));
  if (!product) throw notFound("Product");
  if (product.fulfilment !== "stock")
    throw new AppError("validation_error", "This product is not sold from stock.", { issues: [{ path: "sku", message: "is not sold from stock" }] });
  if (lines.length === 0) throw new AppError("validation_error", "No codes to add.", { issues: [{ path: "codes", message: "is empty" }] });
  if (lines.length > 10_000)
    throw new AppError("validation_error", "Upload at most 10,000 codes at a time.", { issues: [{ path: "codes", message: "too many" }] });
  const seen = new Set<string>();
  const rows = [];
  for (const line of lines) {
    const hash = stockCodeHash(sku, line.code);
    if (seen.has(hash)) continue;
    seen.add(hash);
    rows.push({ sku, codeHash: hash, codeEncrypted: encryptSecret(line.code), pinEncrypted: line.pin ? encryptSecret(line.pin) : null, serial: line.serial });
  }
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(stockCodes)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: stockCodes.id });
    added += inserted.length;
  }
  return { added, duplicates: lines.length - added };
}

export async function availableStock(db: DbOrTx, sku: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stockCodes)
    .where(and(eq(stockCodes.sku, sku), isNull(stockCodes.orderId)));
  return Number(row.n);
}
