import { eq, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Session } from "next-auth";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { endedSessions, users, type User } from "@/lib/db/schema";
import { SESSION_MAX_AGE_S } from "./session-lifetime";
import { sessionStillValid } from "./session-validity";

/** A signed-in panel session as its cookie tells it. */
export interface PanelSession {
  userId: string;
  /** Empty for a session signed in before sessions had ids: it cannot be listed, and ends with its lifetime. */
  sessionId: string;
  issuedAt: number;
}

export function panelSessionOf(session: Session | null): PanelSession | null {
  if (!session?.user?.id) return null;
  return { userId: session.user.id, sessionId: session.sessionId, issuedAt: session.issuedAt };
}

const accountOfMember = alias(users, "account");

const sessionAccount = preparedQuery((db) =>
  db
    .select({
      member: users,
      account: accountOfMember,
      ended: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.id} = ${sql.placeholder("sessionId")})`,
    })
    .from(users)
    .innerJoin(accountOfMember, eq(accountOfMember.id, users.accountId))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("session_account"),
);

/**
 * Who a session is: the person signed in (`member`) and the reseller account they act for (`user`, the
 * same row for the account's owner and for an admin), and whether the session was signed out, in one
 * round trip: every panel page and each of its polls reads it.
 */
export async function findSessionAccount(db: DbOrTx, session: PanelSession): Promise<{ user: User; member: User; ended: boolean } | null> {
  const [row] = await sessionAccount(db).execute({ userId: session.userId, sessionId: session.sessionId });
  return row ? { user: row.account, member: row.member, ended: row.ended } : null;
}

/** A standing session's account and person. */
export interface StandingSession {
  account: User;
  member: User;
}

/**
 * The session's account and person while the session stands (see sessionStillValid, for the person),
 * and the account is active (a blocked reseller's members are out with it), else null.
 */
export async function findStandingSession(db: DbOrTx, session: PanelSession): Promise<StandingSession | null> {
  const found = await findSessionAccount(db, session);
  if (!found || found.user.status !== "active") return null;
  return sessionStillValid(found.member, { issuedAt: session.issuedAt, ended: found.ended }) ? { account: found.user, member: found.member } : null;
}

/** Lists a session as ended until it would have ended anyway, so that a copy of its cookie is refused. */
export async function endSession(db: DbOrTx, session: PanelSession): Promise<void> {
  if (!session.sessionId) return;
  await db
    .insert(endedSessions)
    .values({ id: session.sessionId, userId: session.userId, expiresAt: new Date(session.issuedAt + SESSION_MAX_AGE_S * 1000) })
    .onConflictDoNothing();
}

/** Drops the rows of sessions past their lifetime, which sessionStillValid refuses on their age alone. */
export async function pruneEndedSessions(db: DbOrTx): Promise<number> {
  const pruned = await db
    .delete(endedSessions)
    .where(lt(endedSessions.expiresAt, sql`now()`))
    .returning({ id: endedSessions.id });
  return pruned.length;
}
