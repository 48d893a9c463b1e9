import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";
import { stockCodes, unreadableStockCodes } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";

/**
 * Moves codes out of stock into unreadable_stock_codes, in one statement: those still free, or, inside
 * the order's own transaction, those it claimed. A code that another order was given is that order's.
 */
export async function setAsideUnreadableCodes(db: DbOrTx, ids: number[], claimedBy: string | null = null): Promise<number> {
  if (ids.length === 0) return 0;
  const moved = await executeRows<{ id: string | number }>(
    db,
    sql`with moved as (
          delete from ${stockCodes} where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and order_id is not distinct from ${claimedBy}
          returning id, sku, code_encrypted, pin_encrypted, serial, created_at
        )
        insert into ${unreadableStockCodes} (id, sku, code_encrypted, pin_encrypted, serial, uploaded_at)
        select id, sku, code_encrypted, pin_encrypted, serial, created_at from moved
        returning id`,
  );
  return moved.length;
}

/**
 * An out_of_stock refusal that found unreadable codes on its way. The order's transaction rolls back,
 * and with it their setting aside, so the caller sets them aside again after it, or every later order
 * would claim them, find them unreadable and be refused the same way while the stock count still
 * showed them.
 */
export class ShortOfReadableStock extends AppError {
  constructor(
    refusal: AppError,
    readonly unreadableIds: number[],
  ) {
    super(refusal.code, refusal.message, refusal.details);
  }
}

/** After a refused order's rollback: keeps the setting aside that the rollback undid. */
export async function keepUnreadableSetAside(db: DbOrTx, error: unknown): Promise<void> {
  if (error instanceof ShortOfReadableStock) await setAsideUnreadableCodes(db, error.unreadableIds);
}

/** How many of a product's codes were set aside, for the admin's product page. */
export async function unreadableCodeCount(db: DbOrTx, sku: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(unreadableStockCodes).where(eq(unreadableStockCodes.sku, sku));
  return row.n;
}

/** The products that have codes set aside, most first, for the notice above the admin's product list. */
export async function productsWithUnreadableCodes(db: DbOrTx, limit = 20): Promise<{ sku: string; codes: number }[]> {
  return db
    .select({ sku: unreadableStockCodes.sku, codes: count() })
    .from(unreadableStockCodes)
    .groupBy(unreadableStockCodes.sku)
    .orderBy(desc(count()), asc(unreadableStockCodes.sku))
    .limit(limit);
}
