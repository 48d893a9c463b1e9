import { eq, sql } from "drizzle-orm";
import { config } from "@/lib/config/env";
import type { DbOrTx } from "@/lib/db/client";
import { depositAddresses } from "@/lib/db/schema";
import { deriveDepositAddress } from "./deposit-keys";

export type DepositAddress = typeof depositAddresses.$inferSelect;

/** How far before an address's creation its first scan reads, for clocks that disagree with the chain's. */
const FIRST_SCAN_LEEWAY_MS = 10 * 60_000;
const ALLOCATION_ATTEMPTS = 5;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === "23505";
}

/**
 * The reseller's deposit address, derived on first use at the next free index and kept for good.
 * Two first uses at once: one insert wins the index (or the user) and the other tries again.
 */
export async function depositAddressFor(db: DbOrTx, userId: string, xpub: string = config().TRON_XPUB): Promise<DepositAddress> {
  for (let attempt = 1; ; attempt++) {
    const [existing] = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
    if (existing) return existing;
    const [{ next }] = await db.select({ next: sql<number>`coalesce(max(${depositAddresses.derivationIndex}) + 1, 0)::int` }).from(depositAddresses);
    try {
      // A savepoint, so that a lost race leaves a caller's transaction usable for the retry.
      const [created] = await db.transaction((tx) =>
        tx
          .insert(depositAddresses)
          .values({ userId, derivationIndex: next, address: deriveDepositAddress(xpub, next), scannedToMs: Date.now() - FIRST_SCAN_LEEWAY_MS })
          .onConflictDoNothing({ target: depositAddresses.userId })
          .returning(),
      );
      if (created) return created;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= ALLOCATION_ATTEMPTS) throw error;
    }
  }
}
