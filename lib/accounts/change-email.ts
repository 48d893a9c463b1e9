import { countAccountMail, countPasswordCheck } from "@/lib/auth/login-attempts";
import { verifyPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { enqueueMail } from "@/lib/mail/enqueue-mail";
import { panelLink } from "@/lib/mail/links";
import { emailChangedMail } from "@/lib/mail/templates/email-changed";
import { sendEmailVerification } from "./email-verification";
import { findUserByEmail, getUserOrThrow } from "./get-user";

const refused = (path: string, message: string) => new AppError("validation_error", message, { issues: [{ path, message }] });

/**
 * Asks to change the account's address: a link goes to the new one, which becomes the sign-in name
 * once followed, and the old one is told (so a stolen password cannot quietly move the account). An
 * address another account holds gets no link, and the answer is the same, so the form reveals no one.
 */
export async function requestEmailChange(db: Db, input: { userId: string; newEmail: string; currentPassword: string; ip: string }): Promise<void> {
  const user = await getUserOrThrow(db, input.userId);
  const passwordRefusal = await countPasswordCheck(user.id);
  if (passwordRefusal) throw new AppError("rate_limited", passwordRefusal.message, { retry_after: passwordRefusal.retryAfterSeconds });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw refused("currentPassword", "The current password is wrong.");
  if (input.newEmail === user.email) throw refused("email", "This is already your address.");
  const mailRefusal = await countAccountMail(input.ip, input.newEmail);
  if (mailRefusal) throw new AppError("rate_limited", mailRefusal.message, { retry_after: mailRefusal.retryAfterSeconds });
  const holder = await findUserByEmail(db, input.newEmail);
  await db.transaction(async (tx) => {
    if (!holder) await sendEmailVerification(tx, user, input.newEmail);
    await enqueueMail(tx, emailChangedMail(user.email, input.newEmail, panelLink("/forgot-password")));
  });
}

/** A new confirmation link for the account's own address (the profile's button), counted as the forgot-password form is. */
export async function resendEmailVerification(db: Db, input: { userId: string; ip: string }): Promise<void> {
  const user = await getUserOrThrow(db, input.userId);
  if (user.emailVerifiedAt) throw new AppError("validation_error", "Your address is already confirmed.");
  const refusal = await countAccountMail(input.ip, user.email);
  if (refusal) throw new AppError("rate_limited", refusal.message, { retry_after: refusal.retryAfterSeconds });
  await db.transaction((tx) => sendEmailVerification(tx, user, user.email));
}
