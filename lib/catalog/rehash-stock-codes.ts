import { and, asc, gt, sql } from "drizzle-orm";
import { tryDecryptSecret } from "@/lib/crypto/encryption";
import type { Db, DbOrTx } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";
import { stockCodes, UNKEYED_CODE_HASH } from "@/lib/db/schema";
import { stockCodeHash } from "./code-hash";

export interface RehashOutcome {
  rehashed: number;
  /** Codes that do not decrypt with ENCRYPTION_KEY: no hash can be made, and no order could be given them either. */
  unreadable: number[];
  /** Codes already in stock under the keyed hash: uploaded again by an instance running the old code while a new one ran. */
  repeated: number[];
}

/** The next batch of codes still holding the unkeyed hash, by id, read from their partial index. */
export function codesLeftToRehash(db: DbOrTx, after: number, batchSize: number) {
  return db
    .select({ id: stockCodes.id, sku: stockCodes.sku, codeEncrypted: stockCodes.codeEncrypted })
    .from(stockCodes)
    .where(and(UNKEYED_CODE_HASH, gt(stockCodes.id, after)))
    .orderBy(asc(stockCodes.id))
    .limit(batchSize);
}

const sample = (ids: number[]) => ids.slice(0, 10).join(", ") + (ids.length > 10 ? ", ..." : "");

/**
 * Gives the stock codes stored before the duplicate check's hash was keyed their keyed hash, so that a
 * re-upload of one of them is still refused. SQL cannot do it (each code must be decrypted), so it
 * runs after the migrations, under their lock (lib/migrations/migrate.ts). Each batch is one UPDATE that
 * commits on its own: a start that dies midway leaves the rest unkeyed, and the next start goes on
 * with them. A code it cannot re-hash keeps its old hash rather than stopping every start; the
 * operator hears of it.
 */
export async function rehashStockCodes(db: Db, { batchSize = 500, warn = console.warn } = {}): Promise<RehashOutcome> {
  const outcome: RehashOutcome = { rehashed: 0, unreadable: [], repeated: [] };
  for (let after = 0; ;) {
    const rows = await codesLeftToRehash(db, after, batchSize);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const keyed = [];
    for (const row of rows) {
      const code = tryDecryptSecret(row.codeEncrypted);
      if (code === null) outcome.unreadable.push(row.id);
      else keyed.push({ id: row.id, hash: stockCodeHash(row.sku, code) });
    }
    if (keyed.length === 0) continue;
    const values = sql.join(
      keyed.map(({ id, hash }) => sql`(${id}::bigint, ${hash})`),
      sql`, `,
    );
    const updated = await executeRows<{ id: string | number }>(
      db,
      sql`update ${stockCodes} s set code_hash = v.code_hash
          from (values ${values}) as v (id, code_hash)
          where s.id = v.id and not exists (select 1 from ${stockCodes} d where d.sku = s.sku and d.code_hash = v.code_hash)
          returning s.id`,
    );
    const done = new Set(updated.map((row) => Number(row.id)));
    outcome.rehashed += done.size;
    outcome.repeated.push(...keyed.filter(({ id }) => !done.has(id)).map(({ id }) => id));
  }
  if (outcome.unreadable.length > 0) {
    warn(`[stock] ${outcome.unreadable.length} stock codes do not decrypt with ENCRYPTION_KEY and keep their unkeyed hash (ids ${sample(outcome.unreadable)})`);
  }
  if (outcome.repeated.length > 0) {
    warn(
      `[stock] ${outcome.repeated.length} stock codes repeat a code already in stock and keep their unkeyed hash; an unsold one would sell that code twice (ids ${sample(outcome.repeated)})`,
    );
  }
  return outcome;
}
