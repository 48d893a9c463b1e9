import { and, count, desc, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import { emailContains } from "@/lib/accounts/email-contains";
import type { DbOrTx } from "@/lib/db/client";
import { containsText } from "@/lib/db/like";
import { pageOf, type Page } from "@/lib/db/page";
import { apiKeys, users } from "@/lib/db/schema";

export interface ResellerSummary {
  id: string;
  email: string;
  name: string;
  tier: string;
  status: string;
  balance: bigint;
  activeKeys: number;
  createdAt: Date;
}

/** Admin view: resellers newest first, with their balance and number of live API keys. */
export async function listResellers(
  db: DbOrTx,
  options: { q?: string; cursor?: string; limit: number },
): Promise<Page<ResellerSummary>> {
  const conditions: SQL[] = [eq(users.role, "reseller")];
  if (options.q) {
    conditions.push(or(emailContains(options.q), containsText(users.name, options.q))!);
  }
  if (options.cursor) conditions.push(lt(users.id, options.cursor));
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      tier: users.tier,
      status: users.status,
      balance: users.balance,
      createdAt: users.createdAt,
      activeKeys: count(apiKeys.id),
    })
    .from(users)
    .leftJoin(apiKeys, and(eq(apiKeys.userId, users.id), isNull(apiKeys.revokedAt)))
    .where(and(...conditions))
    .groupBy(users.id)
    .orderBy(desc(users.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}
