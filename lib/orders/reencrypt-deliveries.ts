import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import { eachBatch, pairUnderOwnKey, REENCRYPT_BATCH } from "@/lib/crypto/reencrypt";
import type { Db } from "@/lib/db/client";
import { orders, type StoredDelivery } from "@/lib/db/schema";

export interface ReencryptedDeliveries {
  /** Orders whose delivered codes were re-encrypted, so that reading them no longer fails. */
  orders: number;
  /** Delivered codes and pins that neither key opens, left as they are. */
  unreadable: number;
}

/** Re-encrypts under ENCRYPTION_KEY the delivered codes and pins another key wrote into orders. */
export async function reencryptDeliveries(db: Db, otherKey: string): Promise<ReencryptedDeliveries> {
  const outcome: ReencryptedDeliveries = { orders: 0, unreadable: 0 };
  await eachBatch(
    (after: string | null) =>
      db
        .select({ id: orders.id, delivery: orders.delivery })
        .from(orders)
        .where(and(isNotNull(orders.delivery), after === null ? undefined : gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(REENCRYPT_BATCH),
    async (rows) => {
      for (const row of rows) {
        let changed = false;
        const items: StoredDelivery["items"] = [];
        for (const item of row.delivery!.items) {
          const now = pairUnderOwnKey(item.codeEncrypted, item.pinEncrypted, otherKey);
          if (!now) {
            outcome.unreadable += 1;
            items.push(item);
            continue;
          }
          changed ||= now.changed;
          items.push({ ...item, codeEncrypted: now.code, pinEncrypted: now.pin });
        }
        if (!changed) continue;
        await db
          .update(orders)
          .set({ delivery: { ...row.delivery!, items } })
          .where(eq(orders.id, row.id));
        outcome.orders += 1;
      }
    },
  );
  return outcome;
}
