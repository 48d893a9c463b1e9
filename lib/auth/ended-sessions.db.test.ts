import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import type { Database, Db } from "@/lib/db/client";
import { endedSessions, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { scheduleRecurringJobs } from "@/lib/jobs/recurring";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { endSession, findSessionAccount, pruneEndedSessions } from "./ended-sessions";
import "./prune-ended-sessions-job";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { SESSION_MAX_AGE_S } from "./session-lifetime";

describe(`ended panel sessions (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let user: User;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    user = await createUser(db, { email: "sessions@test.dev", password: "long-enough-password" });
  });
  afterAll(async () => {
    await database.close();
  });

  const session = (issuedAt = Date.now()) => ({ userId: user.id, sessionId: randomUUID(), issuedAt });

  it("tells a signed-out session from another of the same account, and ending one twice is harmless", async () => {
    const signedOut = session();
    const other = session();
    await endSession(db, signedOut);
    await endSession(db, signedOut);

    expect(await findSessionAccount(db, signedOut)).toMatchObject({ user: { id: user.id, email: "sessions@test.dev" }, ended: true });
    expect(await findSessionAccount(db, other)).toMatchObject({ user: { id: user.id }, ended: false });
    expect(await findSessionAccount(db, { ...other, userId: "usr_nobody" })).toBeNull();
  });

  it("keeps a signed-out session listed until its lifetime from sign-in is over", async () => {
    const issuedAt = Date.now() - 1000;
    const signedOut = session(issuedAt);
    await endSession(db, signedOut);
    const [row] = await db
      .select()
      .from(endedSessions)
      .where(sql`${endedSessions.id} = ${signedOut.sessionId}`);
    expect(row.expiresAt.getTime()).toBe(issuedAt + SESSION_MAX_AGE_S * 1000);
  });

  it("cannot list a session that has no id, from before sessions had them", async () => {
    const before = (await db.select().from(endedSessions)).length;
    await endSession(db, { userId: user.id, sessionId: "", issuedAt: Date.now() });
    expect(await db.select().from(endedSessions)).toHaveLength(before);
  });

  it("prunes the rows of sessions past their lifetime, on the hour, as a recurring job", async () => {
    const stale = session(Date.now() - SESSION_MAX_AGE_S * 1000 - 60_000);
    const fresh = session();
    await endSession(db, stale);
    await endSession(db, fresh);

    await scheduleRecurringJobs(db);
    expect(await runDueJobsOnce(db, "w1")).toBeGreaterThanOrEqual(1);

    const ids = (await db.select({ id: endedSessions.id }).from(endedSessions)).map((r) => r.id);
    expect(ids).not.toContain(stale.sessionId);
    expect(ids).toContain(fresh.sessionId);
    expect(await pruneEndedSessions(db)).toBe(0);
  });
});
