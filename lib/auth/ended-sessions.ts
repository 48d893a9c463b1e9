import { eq, lt, sql } from "drizzle-orm";
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

const sessionAccount = preparedQuery((db) =>
  db
    .select({ user: users, ended: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.id} = ${sql.placeholder("sessionId")})` })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("session_account"),
);

/**
 * The session's account, and whether the session was signed out, in one round trip: every panel page
 * and each of its polls reads it.
 */
export async function findSessionAccount(db: DbOrTx, session: PanelSession): Promise<{ user: User; ended: boolean } | null> {
  const [row] = await sessionAccount(db).execute({ userId: session.userId, sessionId: session.sessionId });
  return row ?? null;
}

/** The session's account while the session stands (see sessionStillValid), else null. */
export async function findStandingUser(db: DbOrTx, session: PanelSession): Promise<User | null> {
  const account = await findSessionAccount(db, session);
  return account && sessionStillValid(account.user, { issuedAt: session.issuedAt, ended: account.ended }) ? account.user : null;
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
