import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { tariffs, type CategoryDiscounts, type Tier } from "@/lib/db/schema";

const discountsOfTier = preparedQuery((db) =>
  db
    .select({ discounts: tariffs.discounts })
    .from(tariffs)
    .where(eq(tariffs.tier, sql.placeholder("tier")))
    .limit(1)
    .prepare("tier_discounts"),
);

/** The discount percentages per category that the tier's tariff gives, read fresh so admin changes apply at once. */
export async function tierDiscounts(db: DbOrTx, tier: Tier): Promise<CategoryDiscounts> {
  const [row] = await discountsOfTier(db).execute({ tier });
  return row?.discounts ?? {};
}
