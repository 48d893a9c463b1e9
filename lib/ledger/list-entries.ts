import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { pageOf, type Page } from "@/lib/db/page";
import { ledgerEntries, type LedgerEntry, type LedgerEntryType } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";

/** A reseller's transactions, newest first, created within `from` and `to` (both inclusive) when given; the cursor is the last id of the previous page. */
export async function listLedgerEntries(
  db: DbOrTx,
  options: { userId: string; type?: LedgerEntryType; from?: Date; to?: Date; cursor?: string; limit: number },
): Promise<Page<LedgerEntry>> {
  const conditions: SQL[] = [eq(ledgerEntries.userId, options.userId)];
  if (options.type) conditions.push(eq(ledgerEntries.type, options.type));
  if (options.from) conditions.push(gte(ledgerEntries.createdAt, options.from));
  if (options.to) conditions.push(lte(ledgerEntries.createdAt, options.to));
  if (options.cursor) conditions.push(lt(ledgerEntries.id, options.cursor));
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}

/** One transaction of this reseller; another reseller's id reads as not found. */
export async function getLedgerEntry(db: DbOrTx, userId: string, id: string): Promise<LedgerEntry> {
  const [entry] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, id), eq(ledgerEntries.userId, userId)))
    .limit(1);
  if (!entry) throw notFound("Transaction");
  return entry;
}
