import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { accountTokens, type AccountToken, type AccountTokenPurpose } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";

export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token's shape, checked before the database is asked: text from a URL may be anything. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Makes a single-use token for a link, keeping only its hash. Earlier unused tokens of the account for
 * the same purpose stop working: only the newest mail's link is good. With `email`, an invitation's
 * earlier tokens stop working for that address alone: an account invites several people at once.
 */
export async function issueAccountTokenWithId(
  tx: DbOrTx,
  input: { userId: string; purpose: AccountTokenPurpose; ttlMs: number; email?: string },
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const earlier = [eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose), isNull(accountTokens.usedAt)];
  if (input.purpose === "invitation") earlier.push(eq(accountTokens.email, input.email ?? ""));
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(...earlier));
  const id = newId("tok");
  await tx.insert(accountTokens).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashOf(token),
    email: input.email ?? null,
    expiresAt: sql`now() + ${input.ttlMs}::float8 * interval '1 millisecond'`,
  });
  return { id, token };
}

export async function issueAccountToken(tx: DbOrTx, input: { userId: string; purpose: AccountTokenPurpose; ttlMs: number; email?: string }): Promise<string> {
  return (await issueAccountTokenWithId(tx, input)).token;
}

export type TokenCheck = { state: "valid"; token: AccountToken } | { state: "used" | "expired" | "unknown" };

/** What a link's token is now, without using it (the page that asks for the new password). */
export async function checkAccountToken(db: DbOrTx, purpose: AccountTokenPurpose, token: string): Promise<TokenCheck> {
  if (!TOKEN_PATTERN.test(token)) return { state: "unknown" };
  const [row] = await db
    .select({ token: accountTokens, expired: sql<boolean>`${accountTokens.expiresAt} <= now()` })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashOf(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { state: "unknown" };
  if (row.token.usedAt) return { state: "used" };
  if (row.expired) return { state: "expired" };
  return { state: "valid", token: row.token };
}

/** Uses a token once: of two requests with the same link, one gets it and the other finds it used. */
export async function useAccountToken(tx: DbOrTx, purpose: AccountTokenPurpose, token: string): Promise<TokenCheck> {
  const check = await checkAccountToken(tx, purpose, token);
  if (check.state !== "valid") return check;
  const [used] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.id, check.token.id), isNull(accountTokens.usedAt), sql`${accountTokens.expiresAt} > now()`))
    .returning();
  return used ? { state: "valid", token: used } : { state: "used" };
}
