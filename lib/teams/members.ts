import { and, asc, desc, eq, isNotNull, isNull, max, ne, sql } from "drizzle-orm";
import { INVITATION_TTL_MS, checkAccountToken, issueAccountTokenWithId, useAccountToken, type TokenCheck } from "@/lib/accounts/account-tokens";
import { ADDRESS_TAKEN, createUser } from "@/lib/accounts/create-user";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { hashPassword } from "@/lib/auth/password";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { hasTwoFactor } from "@/lib/auth/two-factor";
import type { Db, DbOrTx } from "@/lib/db/client";
import { accountTokens, memberInvitations, signInAddresses, twoFactor, users, type MemberRole, type User } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids/ids";
import { enqueueMail } from "@/lib/mail/enqueue-mail";
import { panelLink } from "@/lib/mail/links";
import { memberInvitationMail } from "@/lib/mail/templates/member-invitation";
import type { ASSIGNABLE_ROLES } from "./permissions";

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** What the members page lists of a person. */
export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: MemberRole;
  lastSignInAt: Date | null;
  twoFactorOn: boolean;
  joinedAt: Date;
}

/** The account's members, the owner first, with their last sign-in and whether they use two-factor sign-in. */
export async function listMembers(db: DbOrTx, accountId: string): Promise<MemberRow[]> {
  const lastSignIn = db
    .select({ userId: signInAddresses.userId, at: max(signInAddresses.lastSeenAt).as("at") })
    .from(signInAddresses)
    .groupBy(signInAddresses.userId)
    .as("last_sign_in");
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.memberRole,
      lastSignInAt: lastSignIn.at,
      twoFactorOn: sql<boolean>`${twoFactor.enabledAt} is not null`,
      joinedAt: users.createdAt,
    })
    .from(users)
    .leftJoin(lastSignIn, eq(lastSignIn.userId, users.id))
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
    .where(and(eq(users.accountId, accountId), isNull(users.removedAt), isNotNull(users.memberRole)))
    .orderBy(sql`${users.memberRole} <> 'owner'`, asc(users.createdAt));
  return rows.map((row) => ({ ...row, role: row.role as MemberRole, lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt) : null }));
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
  invitedAt: Date;
  expiresAt: Date;
}

/** Invitations not yet accepted, revoked or expired, the newest first. */
export async function listPendingInvitations(db: DbOrTx, accountId: string): Promise<PendingInvitation[]> {
  return db
    .select({
      id: memberInvitations.id,
      email: memberInvitations.email,
      role: memberInvitations.role,
      invitedAt: memberInvitations.createdAt,
      expiresAt: accountTokens.expiresAt,
    })
    .from(memberInvitations)
    .innerJoin(accountTokens, eq(accountTokens.id, memberInvitations.tokenId))
    .where(and(eq(memberInvitations.accountId, accountId), isNull(accountTokens.usedAt), sql`${accountTokens.expiresAt} > now()`))
    .orderBy(desc(memberInvitations.createdAt));
}

const emailIssue = (message: string) => new AppError("validation_error", message, { issues: [{ path: "email", message }] });

export const ALREADY_HAS_ACCOUNT = "This address already has an account here, and a person signs in to one account only. Invite another address.";

/** A member removed from this account earlier, whom an invitation brings back under their old address. */
const formerMemberOf = (user: User | null, accountId: string) => user !== null && user.removedAt !== null && user.accountId === accountId;

/**
 * Invites a person by email with a role: a single-use link valid 7 days, mailed, and the invitation
 * recorded in the audit log, all in one transaction. An address that already signs in here is refused.
 */
export async function inviteMember(
  db: Db,
  input: { account: User; inviter: User; actor: AuditActor; email: string; role: AssignableRole },
): Promise<{ invitationId: string }> {
  const existing = await findUserByEmail(db, input.email);
  if (existing && !formerMemberOf(existing, input.account.id)) throw emailIssue(ALREADY_HAS_ACCOUNT);
  return db.transaction(async (tx) => {
    const { id: tokenId, token } = await issueAccountTokenWithId(tx, {
      userId: input.account.id,
      purpose: "invitation",
      ttlMs: INVITATION_TTL_MS,
      email: input.email,
    });
    const invitationId = newId("inv");
    await tx
      .insert(memberInvitations)
      .values({ id: invitationId, accountId: input.account.id, email: input.email, role: input.role, invitedBy: input.inviter.id, tokenId });
    await enqueueMail(
      tx,
      memberInvitationMail(input.email, {
        accountName: input.account.name,
        inviterName: input.inviter.name,
        role: input.role,
        link: panelLink("/invitation", { token }),
      }),
    );
    await recordAudit(tx, {
      accountId: input.account.id,
      actor: input.actor,
      action: "member.invited",
      subject: invitationId,
      details: { email: input.email, role: input.role },
    });
    return { invitationId };
  });
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(db: Db, input: { accountId: string; actor: AuditActor; invitationId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(memberInvitations)
      .where(and(eq(memberInvitations.id, input.invitationId), eq(memberInvitations.accountId, input.accountId)))
      .limit(1);
    if (!invitation) throw notFound("Invitation");
    const [revoked] = await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountTokens.id, invitation.tokenId), isNull(accountTokens.usedAt)))
      .returning({ id: accountTokens.id });
    if (!revoked) throw new AppError("validation_error", "This invitation was already accepted, revoked or replaced.");
    await tx
      .update(memberInvitations)
      .set({ revokedAt: sql`now()` })
      .where(eq(memberInvitations.id, invitation.id));
    await recordAudit(tx, {
      accountId: input.accountId,
      actor: input.actor,
      action: "member.invitation_revoked",
      subject: invitation.id,
      details: { email: invitation.email },
    });
  });
}

export type InvitationCheck = { state: "valid"; email: string; role: MemberRole; accountName: string } | { state: Exclude<TokenCheck["state"], "valid"> };

/** What an invitation link is now, for its page: to whom, which account and role, or why it cannot be used. */
export async function checkInvitation(db: DbOrTx, token: string): Promise<InvitationCheck> {
  const check = await checkAccountToken(db, "invitation", token);
  if (check.state !== "valid") return check;
  const [row] = await db
    .select({ email: memberInvitations.email, role: memberInvitations.role, accountName: users.name })
    .from(memberInvitations)
    .innerJoin(users, eq(users.id, memberInvitations.accountId))
    .where(eq(memberInvitations.tokenId, check.token.id))
    .limit(1);
  return row ? { state: "valid", ...row } : { state: "unknown" };
}

/** The invitee's login: a new one, or a removed member's own row back, with the chosen name and password. */
async function joiningMember(tx: DbOrTx, input: { accountId: string; email: string; role: MemberRole; name: string; password: string }): Promise<User> {
  const existing = await findUserByEmail(tx, input.email);
  if (existing && formerMemberOf(existing, input.accountId)) {
    const [back] = await tx
      .update(users)
      .set({
        name: input.name,
        passwordHash: await hashPassword(input.password),
        memberRole: input.role,
        removedAt: null,
        status: "active",
        sessionsValidAfter: new Date(),
      })
      .where(eq(users.id, existing.id))
      .returning();
    return back;
  }
  // The address signed up elsewhere after the invitation was sent.
  if (existing) throw new AppError("validation_error", ALREADY_HAS_ACCOUNT);
  try {
    return await createUser(tx, { email: input.email, name: input.name, password: input.password, member: { accountId: input.accountId, role: input.role } });
  } catch (error) {
    if (error instanceof AppError && error.message === ADDRESS_TAKEN) throw new AppError("validation_error", ALREADY_HAS_ACCOUNT);
    throw error;
  }
}

/**
 * Accepts an invitation once: the person's login is made with the name and password they chose, on the
 * account and with the role of the invitation (their address is confirmed by the link), and the audit
 * log records that they joined. A second use of the link, or one after 7 days, finds it used or expired.
 */
export async function acceptInvitation(db: Db, input: { token: string; name: string; password: string; ip: string | null }): Promise<TokenCheck["state"]> {
  return db.transaction(async (tx) => {
    const check = await useAccountToken(tx, "invitation", input.token);
    if (check.state !== "valid") return check.state;
    const [invitation] = await tx.select().from(memberInvitations).where(eq(memberInvitations.tokenId, check.token.id)).limit(1);
    if (!invitation) return "unknown";
    const member = await joiningMember(tx, {
      accountId: invitation.accountId,
      email: invitation.email,
      role: invitation.role,
      name: input.name,
      password: input.password,
    });
    await tx
      .update(memberInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(eq(memberInvitations.id, invitation.id));
    await recordAudit(tx, {
      accountId: invitation.accountId,
      actor: { userId: member.id, apiKeyId: null, ip: input.ip },
      action: "member.joined",
      subject: member.id,
      details: { email: member.email, role: invitation.role, invitation: invitation.id },
    });
    return "valid";
  });
}

/** A member of the account other than the owner, locked for the change; refused as not found otherwise. */
async function lockedMember(tx: DbOrTx, accountId: string, memberId: string): Promise<User> {
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.accountId, accountId), isNull(users.removedAt), isNotNull(users.memberRole)))
    .for("update")
    .limit(1);
  if (!member) throw notFound("Member");
  if (member.memberRole === "owner") throw new AppError("validation_error", "The owner's role changes only by transferring the ownership.");
  return member;
}

/** The account's offer of its ownership, if it was made to this member. */
async function withdrawOfferTo(tx: DbOrTx, accountId: string, memberId: string): Promise<void> {
  await tx
    .update(users)
    .set({ ownershipOfferedTo: null })
    .where(and(eq(users.id, accountId), eq(users.ownershipOfferedTo, memberId)));
}

/** Gives a member another role; it applies to their next page or call, sessions included. */
export async function changeMemberRole(db: Db, input: { accountId: string; actor: AuditActor; memberId: string; role: AssignableRole }): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, input.accountId, input.memberId);
    if (member.memberRole === input.role) return;
    await tx.update(users).set({ memberRole: input.role }).where(eq(users.id, member.id));
    // An offer of the ownership is for an admin: it lapses when they stop being one.
    await withdrawOfferTo(tx, input.accountId, member.id);
    await recordAudit(tx, {
      accountId: input.accountId,
      actor: input.actor,
      action: "member.role_changed",
      subject: member.id,
      details: { email: member.email, from: member.memberRole, to: input.role },
    });
  });
}

/**
 * Removes a member: they can no longer sign in and every session of theirs ends at once (their row
 * stays, for the audit log's sake). The login the account was created with holds its balance and
 * cannot be removed; the owner changes its role instead.
 */
export async function removeMember(db: Db, input: { accountId: string; actor: AuditActor; memberId: string }): Promise<void> {
  if (input.memberId === input.actor.userId) throw new AppError("validation_error", "You cannot remove yourself. Ask the owner or another admin.");
  if (input.memberId === input.accountId)
    throw new AppError("validation_error", "The account's first login cannot be removed, as the account is kept on it. Change its role to viewer instead.");
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, input.accountId, input.memberId);
    await tx
      .update(users)
      .set({ removedAt: sql`now()`, status: "blocked", sessionsValidAfter: new Date() })
      .where(eq(users.id, member.id));
    await withdrawOfferTo(tx, input.accountId, member.id);
    await recordAudit(tx, {
      accountId: input.accountId,
      actor: input.actor,
      action: "member.removed",
      subject: member.id,
      details: { email: member.email, role: member.memberRole },
    });
  });
}

/** The owner offers the ownership to an admin member, who must accept it; a new offer replaces the last. */
export async function offerOwnership(db: Db, input: { accountId: string; ownerId: string; memberId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, input.accountId, input.memberId);
    if (member.memberRole !== "admin") throw new AppError("validation_error", "Ownership goes to an admin member: make them an admin first.");
    await tx.update(users).set({ ownershipOfferedTo: member.id }).where(eq(users.id, input.accountId));
  });
}

/** The owner withdraws an offer of the ownership not yet accepted. */
export async function withdrawOwnershipOffer(db: DbOrTx, accountId: string): Promise<void> {
  await db.update(users).set({ ownershipOfferedTo: null }).where(eq(users.id, accountId));
}

/**
 * The admin the ownership was offered to accepts it: they become the owner and the owner an admin, in
 * one transaction on the locked account. Of two acceptances at once one transfers and the other finds
 * no offer; the partial unique index keeps a second owner out whatever the path.
 */
export async function acceptOwnership(db: Db, input: { accountId: string; actor: AuditActor & { userId: string } }): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.id, input.accountId)).for("update").limit(1);
    if (!account || account.ownershipOfferedTo !== input.actor.userId)
      throw new AppError("validation_error", "There is no offer of the ownership for you to accept.");
    const member = await lockedMember(tx, input.accountId, input.actor.userId);
    if (member.memberRole !== "admin") throw new AppError("validation_error", "Only an admin member can take the ownership.");
    const [previous] = await tx
      .update(users)
      .set({ memberRole: "admin" })
      .where(and(eq(users.accountId, input.accountId), eq(users.memberRole, "owner")))
      .returning({ id: users.id, email: users.email });
    await tx.update(users).set({ memberRole: "owner" }).where(eq(users.id, member.id));
    await tx.update(users).set({ ownershipOfferedTo: null }).where(eq(users.id, input.accountId));
    await recordAudit(tx, {
      accountId: input.accountId,
      actor: input.actor,
      action: "account.ownership_transferred",
      subject: member.id,
      details: { from: previous?.email ?? null, to: member.email },
    });
  });
}

/**
 * The owner requires (or stops requiring) two-factor sign-in of every member. The owner must use it
 * first, so that requiring it never sends them away from the page they turn it on from.
 */
export async function setTwoFactorRequired(db: Db, input: { accountId: string; owner: User; actor: AuditActor; required: boolean }): Promise<void> {
  if (input.required && !(await hasTwoFactor(db, input.owner.id)))
    throw new AppError("validation_error", "Turn on two-factor sign-in for yourself on your profile first.");
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ twoFactorRequired: input.required })
      .where(and(eq(users.id, input.accountId), ne(users.twoFactorRequired, input.required)))
      .returning({ id: users.id });
    if (!changed) return;
    await recordAudit(tx, { accountId: input.accountId, actor: input.actor, action: "account.two_factor_required", details: { required: input.required } });
  });
}
