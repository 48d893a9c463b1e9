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
export async function listResellers(db: DbOrTx, options: { q?: string; cursor?: string; limit: number }): Promise<Page<ResellerSummary>> {
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

/** The resellers whose email holds the text (as emailContains); an admin's email is no reseller's. */
export function resellersByEmail(db: DbOrTx, text: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "reseller"), emailContains(text)));
}

/** The ids of resellersByEmail, or null when more than `limit` match. */
export async function resellerIdsByEmail(db: DbOrTx, text: string, limit: number): Promise<string[] | null> {
  const rows = await resellersByEmail(db, text).limit(limit + 1);
  return rows.length > limit ? null : rows.map((row) => row.id);
}
