import { and, asc, count, desc, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
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

/**
 * How many resellers an admin list's email filter narrows to. A few ids let the list read each one's
 * rows through its own index; a filter of part of an email that many resellers share is too loose to
 * read anyway.
 */
export const RESELLERS_BY_EMAIL = 100;

/**
 * The ids of the resellers whose email holds the text (as emailContains), at most RESELLERS_BY_EMAIL:
 * those where it comes earliest, then the shortest, so a whole email typed is kept among its longer
 * namesakes. An admin's email is no reseller's, and finds none.
 */
export async function resellerIdsByEmail(db: DbOrTx, text: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "reseller"), emailContains(text)))
    .orderBy(sql`strpos(lower(${users.email}), lower(${text}))`, sql`length(${users.email})`, asc(users.id))
    .limit(RESELLERS_BY_EMAIL);
  return rows.map((row) => row.id);
}
