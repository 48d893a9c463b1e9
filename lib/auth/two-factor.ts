import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { getUserOrThrow } from "@/lib/accounts/get-user";
import { encryptSecret, tryDecryptSecret } from "@/lib/crypto/encryption";
import type { DbOrTx } from "@/lib/db/client";
import { twoFactor, twoFactorRecoveryCodes, users, type TwoFactor } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { notify } from "@/lib/notifications/notify";
import { countPasswordCheck } from "./login-attempts";
import { verifyPassword } from "./password";
import { WRONG_CODE } from "./two-factor-messages";
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri, parseTypedCode } from "./totp";
import { componentLogger } from "@/lib/observability/logger";

const WRONG_SETUP_CODE = "That code is wrong. Enter the current 6-digit code your authenticator app shows for this account.";

/** What the profile and the admin's reseller page show: whether it is on, since when, and how many recovery codes are left. */
export interface TwoFactorStatus {
  enabledAt: Date;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: DbOrTx, userId: string): Promise<TwoFactorStatus | null> {
  const [row] = await db
    .select({ enabledAt: twoFactor.enabledAt, recoveryCodesLeft: count(twoFactorRecoveryCodes.codeHash) })
    .from(twoFactor)
    .leftJoin(twoFactorRecoveryCodes, eq(twoFactorRecoveryCodes.userId, twoFactor.userId))
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .groupBy(twoFactor.userId);
  return row?.enabledAt ? { enabledAt: row.enabledAt, recoveryCodesLeft: row.recoveryCodesLeft } : null;
}

async function enabledTwoFactor(db: DbOrTx, userId: string): Promise<TwoFactor | null> {
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return row ?? null;
}

/** Whether signing in to this account takes a code after the password. */
export async function hasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return (await enabledTwoFactor(db, userId)) !== null;
}

const fieldError = (path: "password" | "code", message: string) => new AppError("validation_error", message, { issues: [{ path, message }] });

/** The account's current password, checked on the same per-account budget as a password change. */
async function checkPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  const user = await getUserOrThrow(db, userId);
  const refusal = await countPasswordCheck(user.id);
  if (refusal) throw new AppError("rate_limited", refusal.message, { retry_after: refusal.retryAfterSeconds });
  if (!password) throw fieldError("password", "Enter your password.");
  if (!(await verifyPassword(user.passwordHash, password))) throw fieldError("password", "The password is wrong.");
}

/**
 * Accepts a code of an account with two-factor sign-in on, once: an app code whose step is later than
 * the last one accepted (the step is stored in the same statement that compares it, so two requests
 * with one code cannot both pass), or a recovery code, deleted as it is spent.
 */
export async function spendSecondFactor(db: DbOrTx, userId: string, input: string, now = Date.now()): Promise<boolean> {
  const typed = parseTypedCode(input);
  if (!typed) return false;
  if (typed.kind === "recovery") {
    const spent = await db
      .delete(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(typed.code))))
      .returning({ userId: twoFactorRecoveryCodes.userId });
    return spent.length > 0;
  }
  const row = await enabledTwoFactor(db, userId);
  if (!row) return false;
  const secret = tryDecryptSecret(row.secretEncrypted);
  if (secret === null) {
    // Another ENCRYPTION_KEY wrote it: no app code can be checked, a recovery code or an admin's reset still helps.
    componentLogger("auth").warn({ user_id: userId }, "a two-factor secret does not decrypt with this ENCRYPTION_KEY");
    return false;
  }
  const step = matchTotp(secret, typed.code, row.lastUsedStep, now);
  if (step === null) return false;
  const taken = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
    .returning({ userId: twoFactor.userId });
  return taken.length > 0;
}

/**
 * Starts (or starts again) a set-up: a new secret, kept encrypted and unused until a code of it is
 * confirmed. Returns the secret and its otpauth:// URI for the QR code.
 */
export async function startTwoFactorSetup(db: DbOrTx, userId: string): Promise<{ secret: string; uri: string }> {
  const user = await getUserOrThrow(db, userId);
  if (await hasTwoFactor(db, user.id)) throw new AppError("validation_error", "Two-factor sign-in is already on.");
  const secret = newTotpSecret();
  const secretEncrypted = encryptSecret(secret);
  const [row] = await db
    .insert(twoFactor)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  if (!row) throw new AppError("validation_error", "Two-factor sign-in is already on.");
  return { secret, uri: otpauthUri(secret, user.email) };
}

async function storeRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Turns two-factor sign-in on once a code of the new secret and the password check out. Every session
 * signed in before it ends (one signed in with the password alone, someone else's perhaps); the caller
 * gives its own browser a new session from `sessionsValidAfter`. Returns the recovery codes, the only
 * time they are seen.
 */
export async function confirmTwoFactorSetup(
  db: DbOrTx,
  input: { userId: string; code: string; password: string; actor: AuditActor; now?: () => number },
): Promise<{ recoveryCodes: string[]; sessionsValidAfter: Date }> {
  const now = input.now ?? Date.now;
  const [pending] = await db.select().from(twoFactor).where(eq(twoFactor.userId, input.userId)).limit(1);
  if (pending?.enabledAt) throw new AppError("validation_error", "Two-factor sign-in is already on.");
  if (!pending) throw new AppError("validation_error", "Start the set-up first: choose Set up two-factor sign-in.");
  await checkPassword(db, input.userId, input.password);
  const secret = tryDecryptSecret(pending.secretEncrypted);
  if (secret === null) throw new AppError("validation_error", "This set-up can no longer be read. Start it again.");
  const typed = parseTypedCode(input.code);
  const step = typed?.kind === "totp" ? matchTotp(secret, typed.code, null, now()) : null;
  if (step === null) throw fieldError("code", WRONG_SETUP_CODE);
  return db.transaction(async (tx) => {
    // Read only now, after the slow password check: a password-only sign-in stamps its session before
    // it reads that two-factor sign-in is off, so one that read it off during the checks is older than
    // this cutoff and ends with the rest.
    const sessionsValidAfter = new Date(now());
    // Only the set-up whose code was checked: one started again meanwhile has another secret.
    const [enabled] = await tx
      .update(twoFactor)
      .set({ enabledAt: sessionsValidAfter, lastUsedStep: step })
      .where(and(eq(twoFactor.userId, input.userId), isNull(twoFactor.enabledAt), eq(twoFactor.secretEncrypted, pending.secretEncrypted)))
      .returning({ userId: twoFactor.userId });
    if (!enabled) throw new AppError("validation_error", "The set-up changed meanwhile (another tab?). Start it again.");
    const recoveryCodes = await storeRecoveryCodes(tx, input.userId);
    const [person] = await tx.update(users).set({ sessionsValidAfter }).where(eq(users.id, input.userId)).returning({ accountId: users.accountId });
    await notify(tx, { userId: input.userId, kind: "security", event: "two_factor_enabled" });
    await recordAudit(tx, { accountId: person.accountId, actor: input.actor, action: "two_factor.enabled", subject: input.userId });
    return { recoveryCodes, sessionsValidAfter };
  });
}

const TURNED_OFF = "Two-factor sign-in is off.";

/** The account a person's change is logged on: a member's is the reseller account they belong to. */
async function accountOf(tx: DbOrTx, userId: string): Promise<string> {
  const [person] = await tx.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId));
  if (!person) throw notFound("Account");
  return person.accountId;
}

/**
 * The password and a current code (or a recovery code, spent) of an account with two-factor sign-in
 * on, then `change`. The code is spent and the change made in one transaction that holds the account's
 * two-factor row, so a turn-off or new codes meanwhile are waited for and seen: a code they made void
 * is refused, and nothing is written for an account whose two-factor sign-in is gone.
 */
async function withBothFactors<T>(db: DbOrTx, input: { userId: string; code: string; password: string }, change: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (!(await hasTwoFactor(db, input.userId))) throw new AppError("validation_error", TURNED_OFF);
  await checkPassword(db, input.userId, input.password);
  if (!input.code.trim()) throw fieldError("code", "Enter the code from your authenticator app, or a recovery code.");
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ userId: twoFactor.userId })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, input.userId), isNotNull(twoFactor.enabledAt)))
      .for("update");
    if (!held) throw new AppError("validation_error", TURNED_OFF);
    if (!(await spendSecondFactor(tx, input.userId, input.code))) throw fieldError("code", WRONG_CODE);
    return change(tx);
  });
}

/** Turns two-factor sign-in off, with the password and a code. Sessions stand: each was signed in with both factors. */
export async function disableTwoFactor(db: DbOrTx, input: { userId: string; code: string; password: string; actor: AuditActor }): Promise<void> {
  await withBothFactors(db, input, async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, input.userId));
    await notify(tx, { userId: input.userId, kind: "security", event: "two_factor_disabled" });
    await recordAudit(tx, { accountId: await accountOf(tx, input.userId), actor: input.actor, action: "two_factor.disabled", subject: input.userId });
  });
}

/** New recovery codes in place of every earlier one, with the password and a code. */
export async function regenerateRecoveryCodes(db: DbOrTx, input: { userId: string; code: string; password: string }): Promise<string[]> {
  return withBothFactors(db, input, (tx) => storeRecoveryCodes(tx, input.userId));
}

/**
 * An admin turns a reseller's two-factor sign-in off (a lost phone). The reseller's sessions end too:
 * one may be on the lost phone. Whether it was on.
 */
export async function resetTwoFactor(db: DbOrTx, userId: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ enabledAt: twoFactor.enabledAt });
    const wasOn = removed.some((row) => row.enabledAt !== null);
    if (wasOn) {
      const [person] = await tx.update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, userId)).returning({ accountId: users.accountId });
      await notify(tx, { userId, kind: "security", event: "two_factor_disabled", detail: "reset by an admin" });
      await recordAudit(tx, { accountId: person.accountId, actor, action: "two_factor.disabled", subject: userId, details: { reset_by_admin: true } });
    }
    return wasOn;
  });
}
