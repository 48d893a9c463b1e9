import { and, count, eq } from "drizzle-orm";
import { config, ConfigError } from "@/lib/config/env";
import type { DbOrTx } from "@/lib/db/client";
import { offers, suppliers } from "@/lib/db/schema";

/**
 * A production start (on Postgres) refuses while any enabled offer points at a sandbox supplier: its
 * orders would charge resellers and deliver SANDBOX codes. ALLOW_SANDBOX_SUPPLIER=1 says it is meant
 * (a staging install, the end-to-end suites, the benchmark). The embedded mode is the demo, and may.
 */
export async function refuseSandboxSupplierInProduction(db: DbOrTx, cfg = config()): Promise<void> {
  if (!cfg.DATABASE_URL || cfg.ALLOW_SANDBOX_SUPPLIER) return;
  const [{ n }] = await db
    .select({ n: count() })
    .from(offers)
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .where(and(eq(suppliers.kind, "sandbox"), eq(offers.enabled, true)));
  if (Number(n) === 0) return;
  throw new ConfigError(
    `Refusing to start: ${n} enabled offer(s) buy from the sandbox supplier, which delivers test codes for real money. ` +
      "Disable those offers (or the products), or set ALLOW_SANDBOX_SUPPLIER=1 if this install is not selling for real.",
  );
}
