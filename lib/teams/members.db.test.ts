import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { findStandingSession } from "@/lib/auth/ended-sessions";
import { totpCode } from "@/lib/auth/totp";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "@/lib/auth/two-factor";
import type { Database, Db } from "@/lib/db/client";
import { accountTokens, auditLog, mailMessages, users, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { mustSetUpTwoFactor } from "./two-factor-policy";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import {
  ALREADY_HAS_ACCOUNT,
  acceptInvitation,
  acceptOwnership,
  changeMemberRole,
  checkInvitation,
  inviteMember,
  listMembers,
  listPendingInvitations,
  offerOwnership,
  removeMember,
  revokeInvitation,
  setTwoFactorRequired,
  type AssignableRole,
} from "./members";

describe(`members and invitations (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
  });
  afterAll(async () => {
    await database.close();
  });

  const actorOf = (person: User) => ({ userId: person.id, apiKeyId: null, ip: "203.0.113.9" });
  const address = (who: string) => `${who}-${++sequence}-${Date.now()}@team.test`;
  const auditRows = (accountId: string) => db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(auditLog.id);

  /** The token of the newest invitation mailed to the address, as the invitee reads it in the link. */
  async function mailedToken(email: string): Promise<string> {
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)).orderBy(desc(mailMessages.createdAt)).limit(1);
    return new URL(mail.textBody.match(/https?:\/\/\S+\/invitation\?token=\S+/)![0]).searchParams.get("token")!;
  }

  async function invite(owner: User, role: AssignableRole, email = address(role)): Promise<{ email: string; token: string }> {
    await inviteMember(db, { account: owner, inviter: owner, actor: actorOf(owner), email, role });
    return { email, token: await mailedToken(email) };
  }

  async function memberOf(owner: User, role: AssignableRole): Promise<User> {
    const { email, token } = await invite(owner, role);
    expect(await acceptInvitation(db, { token, name: `The ${role}`, password: "a-long-member-password", ip: "198.51.100.1" })).toBe("valid");
    return (await findUserByEmail(db, email))!;
  }

  it("mails a single-use invitation that makes a member of the account with its role, and records both in the audit log", async () => {
    const owner = await resellerWithBalance(db, 0n);
    const { email, token } = await invite(owner, "developer");
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
    expect(mail.subject).toContain("invited you");
    expect(mail.textBody).toContain("as developer");
    expect(await checkInvitation(db, token)).toEqual({ state: "valid", email, role: "developer", accountName: owner.name });
    expect((await listPendingInvitations(db, owner.id)).map((row) => [row.email, row.role])).toEqual([[email, "developer"]]);

    expect(await acceptInvitation(db, { token, name: "Dev", password: "a-long-member-password", ip: "198.51.100.1" })).toBe("valid");
    expect(await acceptInvitation(db, { token, name: "Someone else", password: "another-long-password", ip: null })).toBe("used");
    expect(await checkInvitation(db, token)).toEqual({ state: "used" });

    const member = (await findUserByEmail(db, email))!;
    expect(member).toMatchObject({ role: "member", accountId: owner.id, memberRole: "developer", name: "Dev" });
    expect(member.emailVerifiedAt).not.toBeNull();
    expect(await listPendingInvitations(db, owner.id)).toEqual([]);
    expect((await listMembers(db, owner.id)).map((row) => [row.email, row.role, row.twoFactorOn])).toEqual([
      [owner.email, "owner", false],
      [email, "developer", false],
    ]);
    const rows = await auditRows(owner.id);
    expect(rows.map((row) => [row.action, row.actorUserId, row.ip])).toEqual([
      ["member.invited", owner.id, "203.0.113.9"],
      ["member.joined", member.id, "198.51.100.1"],
    ]);
    expect(rows[0].details).toEqual({ email, role: "developer" });
  });

  it("refuses an invitation after 7 days, a revoked one, and one to an address that already has an account", async () => {
    const owner = await resellerWithBalance(db, 0n);
    const late = await invite(owner, "viewer");
    const [{ expiresAt }] = await db.select({ expiresAt: accountTokens.expiresAt }).from(accountTokens).where(eq(accountTokens.email, late.email));
    const days = (new Date(expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    await db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.email, late.email));
    expect(await acceptInvitation(db, { token: late.token, name: "Late", password: "a-long-member-password", ip: null })).toBe("expired");
    expect(await findUserByEmail(db, late.email)).toBeNull();

    const revoked = await invite(owner, "buyer");
    const [pending] = await listPendingInvitations(db, owner.id);
    await revokeInvitation(db, { accountId: owner.id, actor: actorOf(owner), invitationId: pending.id });
    expect(await acceptInvitation(db, { token: revoked.token, name: "Gone", password: "a-long-member-password", ip: null })).toBe("used");
    await expect(revokeInvitation(db, { accountId: owner.id, actor: actorOf(owner), invitationId: pending.id })).rejects.toThrow(
      "already accepted, revoked or replaced",
    );

    const other = await resellerWithBalance(db, 0n);
    await expect(inviteMember(db, { account: owner, inviter: owner, actor: actorOf(owner), email: other.email, role: "admin" })).rejects.toMatchObject({
      code: "validation_error",
      message: ALREADY_HAS_ACCOUNT,
    });
  });

  it("changes a role, and ends every session of a removed member at once", async () => {
    const owner = await resellerWithBalance(db, 0n);
    const buyer = await memberOf(owner, "buyer");
    const session = { userId: buyer.id, sessionId: "s-buyer", issuedAt: Date.now() - 1000 };
    expect(await findStandingSession(db, session)).toMatchObject({ account: { id: owner.id }, member: { id: buyer.id, memberRole: "buyer" } });

    await changeMemberRole(db, { accountId: owner.id, actor: actorOf(owner), memberId: buyer.id, role: "finance" });
    expect((await findStandingSession(db, session))?.member.memberRole).toBe("finance");
    await expect(changeMemberRole(db, { accountId: owner.id, actor: actorOf(buyer), memberId: owner.id, role: "viewer" })).rejects.toThrow(
      "only by transferring the ownership",
    );

    await removeMember(db, { accountId: owner.id, actor: actorOf(owner), memberId: buyer.id });
    expect(await findStandingSession(db, session)).toBeNull();
    expect(await findStandingSession(db, { ...session, issuedAt: Date.now() + 1000 })).toBeNull();
    expect((await listMembers(db, owner.id)).map((row) => row.id)).toEqual([owner.id]);
    expect((await auditRows(owner.id)).slice(-2).map((row) => [row.action, row.subject, row.details])).toEqual([
      ["member.role_changed", buyer.id, { email: buyer.email, from: "buyer", to: "finance" }],
      ["member.removed", buyer.id, { email: buyer.email, role: "finance" }],
    ]);
    // Removed, the address can be invited back to the same account, and signs in again.
    const back = await invite(owner, "viewer", buyer.email);
    expect(await acceptInvitation(db, { token: back.token, name: "Back", password: "a-new-long-password", ip: null })).toBe("valid");
    expect(await findUserByEmail(db, buyer.email)).toMatchObject({ id: buyer.id, memberRole: "viewer", removedAt: null, status: "active" });
  });

  it("a member of another account is neither changed nor removed", async () => {
    const owner = await resellerWithBalance(db, 0n);
    const stranger = await memberOf(await resellerWithBalance(db, 0n), "viewer");
    await expect(removeMember(db, { accountId: owner.id, actor: actorOf(owner), memberId: stranger.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(changeMemberRole(db, { accountId: owner.id, actor: actorOf(owner), memberId: stranger.id, role: "admin" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("writes no audit row without its change, and no change without its audit row", async () => {
    const owner = await resellerWithBalance(db, 0n);
    const viewer = await memberOf(owner, "viewer");
    const before = await auditRows(owner.id);
    // The audit row cannot be written (a key that does not exist): the role change rolls back with it.
    const badActor = { userId: owner.id, apiKeyId: "key_missing", ip: null };
    await expect(changeMemberRole(db, { accountId: owner.id, actor: badActor, memberId: viewer.id, role: "admin" })).rejects.toThrow();
    expect((await findUserByEmail(db, viewer.email))?.memberRole).toBe("viewer");
    // The invitee's address signed up elsewhere before the link was followed: no member, no "joined", the link still good.
    const { email, token } = await invite(owner, "buyer");
    await createUser(db, { email, password: "long-enough-password" });
    await expect(acceptInvitation(db, { token, name: "Late", password: "a-long-member-password", ip: null })).rejects.toThrow(ALREADY_HAS_ACCOUNT);
    expect(await checkInvitation(db, token)).toMatchObject({ state: "valid" });
    expect((await auditRows(owner.id)).map((row) => row.action)).toEqual([...before.map((row) => row.action), "member.invited"]);
  });

  it("keeps one owner: a second is refused, ownership moves only to an admin who accepts, and two acceptances at once make one owner", async () => {
    const owner = await resellerWithBalance(db, 0n);
    const admin = await memberOf(owner, "admin");
    const developer = await memberOf(owner, "developer");
    await expect(db.update(users).set({ memberRole: "owner" }).where(eq(users.id, admin.id))).rejects.toThrow();

    await expect(offerOwnership(db, { accountId: owner.id, ownerId: owner.id, memberId: developer.id })).rejects.toThrow("make them an admin first");
    await expect(acceptOwnership(db, { accountId: owner.id, actor: actorOf(admin) })).rejects.toThrow("no offer");
    await offerOwnership(db, { accountId: owner.id, ownerId: owner.id, memberId: admin.id });
    const results = await Promise.allSettled([
      acceptOwnership(db, { accountId: owner.id, actor: actorOf(admin) }),
      acceptOwnership(db, { accountId: owner.id, actor: actorOf(admin) }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const owners = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, owner.id), eq(users.memberRole, "owner")));
    expect(owners).toEqual([{ id: admin.id }]);
    expect((await findUserByEmail(db, owner.email))?.memberRole).toBe("admin");
    const transfers = (await auditRows(owner.id)).filter((row) => row.action === "account.ownership_transferred");
    expect(transfers.map((row) => [row.actorUserId, row.subject, row.details])).toEqual([[admin.id, admin.id, { from: owner.email, to: admin.email }]]);
  });

  it("two transfers to two admins at once leave exactly one owner", async () => {
    const owner = await resellerWithBalance(db, 0n);
    const [first, second] = [await memberOf(owner, "admin"), await memberOf(owner, "admin")];
    // Two changes that each make a different admin the owner, racing past any check: the index decides.
    const promote = (member: User) =>
      db.transaction(async (tx) => {
        await tx.update(users).set({ memberRole: "admin" }).where(eq(users.id, owner.id));
        await tx.update(users).set({ memberRole: "owner" }).where(eq(users.id, member.id));
      });
    const results = await Promise.allSettled([promote(first), promote(second)]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const owners = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, owner.id), eq(users.memberRole, "owner")));
    expect(owners).toHaveLength(1);
    expect([first.id, second.id]).toContain(owners[0].id);
  });

  it("lets the owner require two-factor sign-in once they use it, and then sends a member without it to set it up", async () => {
    const owner = await resellerWithBalance(db, 0n);
    const buyer = await memberOf(owner, "buyer");
    const require = (required: boolean) => setTwoFactorRequired(db, { accountId: owner.id, owner, actor: actorOf(owner), required });
    await expect(require(true)).rejects.toThrow("Turn on two-factor sign-in for yourself");

    const { secret } = await startTwoFactorSetup(db, owner.id);
    await confirmTwoFactorSetup(db, { userId: owner.id, code: totpCode(secret, Date.now()), password: "long-enough-password", actor: actorOf(owner) });
    await require(true);
    await require(true);
    const account = (await findUserByEmail(db, owner.email))!;
    const mine = () => db;
    expect(await mustSetUpTwoFactor({ account, member: buyer }, mine)).toBe(true);
    expect(await mustSetUpTwoFactor({ account, member: account }, mine)).toBe(false);
    const setup = await startTwoFactorSetup(db, buyer.id);
    await confirmTwoFactorSetup(db, { userId: buyer.id, code: totpCode(setup.secret, Date.now()), password: "a-long-member-password", actor: actorOf(buyer) });
    expect(await mustSetUpTwoFactor({ account, member: buyer }, mine)).toBe(false);
    expect((await listMembers(db, owner.id)).map((row) => row.twoFactorOn)).toEqual([true, true]);
    // Turned on once (the second ask changed nothing), and recorded once.
    const rules = (await auditRows(owner.id)).filter((row) => row.action === "account.two_factor_required");
    expect(rules.map((row) => row.details)).toEqual([{ required: true }]);
  });
});
