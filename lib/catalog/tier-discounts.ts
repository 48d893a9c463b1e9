import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { tariffs, type CategoryDiscounts, type Tier } from "@/lib/db/schema";

/** The discount percentages per category that the tier's tariff gives, read fresh so admin changes apply at once. */
export async function tierDiscounts(db: DbOrTx, tier: Tier): Promise<CategoryDiscounts> {
  const [row] = await db.select({ discounts: tariffs.discounts }).from(tariffs).where(eq(tariffs.tier, tier)).limit(1);
  return row?.discounts ?? {};
}
