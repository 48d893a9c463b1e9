import { config } from "@/lib/config/env";
import type { DbOrTx } from "@/lib/db/client";
import { usableOffers } from "./supplier-attempts";

/**
 * How long after its order a supplier product's fulfilment starts: SUPPLIER_DELAY when it is bought from
 * the sandbox supplier (the demo's stand-in for an upstream's time, so an order is seen processing), none
 * when a real upstream sells it: that order is sent at once.
 */
export async function fulfilDelayMs(db: DbOrTx, sku: string, cfg = config()): Promise<number> {
  const [first] = await usableOffers(db, sku);
  return first?.supplier.kind === "sandbox" ? cfg.SUPPLIER_DELAY : 0;
}
