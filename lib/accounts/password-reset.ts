import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { countAccountMail } from "@/lib/auth/login-attempts";
import { hashPassword } from "@/lib/auth/password";
import { AppError } from "@/lib/errors/app-error";
import { enqueueMail } from "@/lib/mail/enqueue-mail";
import { panelLink } from "@/lib/mail/links";
import { notify } from "@/lib/notifications/notify";
import { passwordResetMail } from "@/lib/mail/templates/password-reset";
import { PASSWORD_RESET_TTL_MS, issueAccountToken, useAccountToken, type TokenCheck } from "./account-tokens";
import { findUserByEmail, getUserOrThrow } from "./get-user";
import { passwordSchema } from "./schemas";

/** What the forgot-password form says, whether or not the address has an account. */
export const RESET_REQUESTED = "If an account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.";

/** Queues a reset link for the account, if any, in the caller's transaction (the admin's button, the form). */
async function mailResetLink(db: Db, userId: string, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, { userId, purpose: "password_reset", ttlMs: PASSWORD_RESET_TTL_MS });
    await enqueueMail(tx, passwordResetMail(email, panelLink("/reset-password", { token })));
  });
}

/**
 * The forgot-password form. Counted per IP and per address, and answered alike, whether an account
 * has the address or not: the answer says nothing about who has an account here. A blocked account
 * gets no link (it could not sign in with the new password anyway).
 */
export async function requestPasswordReset(db: Db, input: { email: string; ip: string }): Promise<void> {
  const refusal = await countAccountMail(input.ip, input.email);
  if (refusal) throw new AppError("rate_limited", refusal.message, { retry_after: refusal.retryAfterSeconds });
  const user = await findUserByEmail(db, input.email);
  if (user && user.status === "active") await mailResetLink(db, user.id, user.email);
}

/** The admin's button on a reseller's page: mails the account a reset link. */
export async function sendResetLinkToAccount(db: Db, userId: string): Promise<{ email: string }> {
  const user = await getUserOrThrow(db, userId);
  await mailResetLink(db, user.id, user.email);
  return { email: user.email };
}

/**
 * Sets the password a reset link was for, once: the link is used up, and every session of the account
 * ends (as a password change does). Two-factor sign-in stays on and is asked at the next sign-in.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<TokenCheck["state"]> {
  const parsed = passwordSchema.safeParse(input.password);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Choose another password.";
    throw new AppError("validation_error", message, { issues: [{ path: "password", message }] });
  }
  const passwordHash = await hashPassword(parsed.data);
  return db.transaction(async (tx) => {
    const check = await useAccountToken(tx, "password_reset", input.token);
    if (check.state !== "valid") return check.state;
    await tx.update(users).set({ passwordHash, sessionsValidAfter: new Date() }).where(eq(users.id, check.token.userId));
    await notify(tx, { userId: check.token.userId, kind: "security", event: "password_changed", detail: "with a reset link sent by email" });
    return "valid";
  });
}

/** The operator's way in when locked out (the CLI): sets the password and ends every session. */
export async function setPasswordByEmail(db: Db, input: { email: string; password: string }): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new AppError("not_found", `No account has the address ${input.email}.`);
  const parsed = passwordSchema.safeParse(input.password);
  if (!parsed.success) throw new AppError("validation_error", parsed.error.issues[0]?.message ?? "Choose another password.");
  const passwordHash = await hashPassword(parsed.data);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, sessionsValidAfter: new Date() }).where(eq(users.id, user.id));
    await notify(tx, { userId: user.id, kind: "security", event: "password_changed", detail: "by the service's operator" });
  });
}
