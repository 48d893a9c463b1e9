import { and, asc, eq, gt, isNull, ne } from "drizzle-orm";
import { stockCodeHash } from "@/lib/catalog/code-hash";
import { decryptSecret } from "@/lib/crypto/encryption";
import { eachBatch, pairUnderOwnKey, REENCRYPT_BATCH } from "@/lib/crypto/reencrypt";
import type { Db } from "@/lib/db/client";
import { stockCodes, unreadableStockCodes } from "@/lib/db/schema";

export interface ReencryptedStockCodes {
  /** Stock codes, sold or not, and pins, now under ENCRYPTION_KEY. */
  stockCodes: number;
  /** Free codes dropped because the same code is in stock under ENCRYPTION_KEY already: kept, it would sell twice. */
  duplicatesDropped: number;
  /** Codes that orders had set aside, back in stock under ENCRYPTION_KEY; one uploaded again since is not added twice. */
  returnedToStock: number;
  /** Codes and pins that neither key opens, left as they are. */
  unreadable: number;
}

/** Re-encrypts under ENCRYPTION_KEY the stock codes another key wrote, and puts back in stock those orders set aside as unreadable. */
export async function reencryptStockCodes(db: Db, otherKey: string): Promise<ReencryptedStockCodes> {
  const outcome: ReencryptedStockCodes = { stockCodes: 0, duplicatesDropped: 0, returnedToStock: 0, unreadable: 0 };

  await eachBatch(
    (after: number | null) =>
      db
        .select({ id: stockCodes.id, sku: stockCodes.sku, orderId: stockCodes.orderId, code: stockCodes.codeEncrypted, pin: stockCodes.pinEncrypted })
        .from(stockCodes)
        .where(after === null ? undefined : gt(stockCodes.id, after))
        .orderBy(asc(stockCodes.id))
        .limit(REENCRYPT_BATCH),
    async (rows) => {
      for (const row of rows) {
        const now = pairUnderOwnKey(row.code, row.pin, otherKey);
        if (!now) {
          outcome.unreadable += 1;
          continue;
        }
        if (!now.changed) continue;
        // Its duplicate-check hash was keyed from the other key too, so it is made again; a free code
        // that is in stock under this key already (uploaded again since) would sell twice, and goes.
        const hash = stockCodeHash(row.sku, decryptSecret(now.code!));
        const [twin] = await db
          .select({ id: stockCodes.id })
          .from(stockCodes)
          .where(and(eq(stockCodes.sku, row.sku), eq(stockCodes.codeHash, hash), ne(stockCodes.id, row.id)));
        if (twin && row.orderId === null) {
          await db.delete(stockCodes).where(and(eq(stockCodes.id, row.id), isNull(stockCodes.orderId)));
          outcome.duplicatesDropped += 1;
          continue;
        }
        await db
          .update(stockCodes)
          .set({ codeEncrypted: now.code!, pinEncrypted: now.pin, ...(twin ? {} : { codeHash: hash }) })
          .where(eq(stockCodes.id, row.id));
        outcome.stockCodes += 1;
      }
    },
  );

  await eachBatch(
    (after: number | null) =>
      db
        .select()
        .from(unreadableStockCodes)
        .where(after === null ? undefined : gt(unreadableStockCodes.id, after))
        .orderBy(asc(unreadableStockCodes.id))
        .limit(REENCRYPT_BATCH),
    async (rows) => {
      for (const row of rows) {
        const now = pairUnderOwnKey(row.codeEncrypted, row.pinEncrypted, otherKey);
        if (!now) {
          outcome.unreadable += 1;
          continue;
        }
        const code = now.code!;
        await db.transaction(async (tx) => {
          const added = await tx
            .insert(stockCodes)
            .values({
              sku: row.sku,
              codeEncrypted: code,
              pinEncrypted: now.pin,
              serial: row.serial,
              codeHash: stockCodeHash(row.sku, decryptSecret(code)),
              createdAt: row.uploadedAt,
            })
            .onConflictDoNothing()
            .returning({ id: stockCodes.id });
          await tx.delete(unreadableStockCodes).where(eq(unreadableStockCodes.id, row.id));
          outcome.returnedToStock += added.length;
        });
      }
    },
  );

  return outcome;
}
