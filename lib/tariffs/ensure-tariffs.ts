import type { DbOrTx } from "@/lib/db/client";
import { tariffs } from "@/lib/db/schema";
import { DEFAULT_TARIFFS } from "./default-tariffs";

/** Inserts the default tariffs where missing; never overwrites an admin's changes. */
export async function ensureTariffs(db: DbOrTx): Promise<void> {
  await db.insert(tariffs).values(DEFAULT_TARIFFS).onConflictDoNothing();
}
