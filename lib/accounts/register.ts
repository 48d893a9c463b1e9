import { config } from "@/lib/config/env";
import type { Db } from "@/lib/db/client";
import { countAccountMail, countRegistration } from "@/lib/auth/login-attempts";
import { AppError } from "@/lib/errors/app-error";
import { enqueueMail } from "@/lib/mail/enqueue-mail";
import { panelLink } from "@/lib/mail/links";
import { registrationAttemptMail } from "@/lib/mail/templates/registration-attempt";
import { ADDRESS_TAKEN, createUser } from "./create-user";
import { sendEmailVerification } from "./email-verification";
import { findUserByEmail } from "./get-user";

/**
 * Opens a reseller account. A taken address is answered exactly as a new one, so the form tells no one
 * who has an account here; its owner gets a mail instead. A new account gets a link that confirms its
 * address (needed before it buys when REQUIRE_EMAIL_VERIFICATION is on).
 */
export async function registerReseller(db: Db, input: { name: string; email: string; password: string; ip: string }): Promise<void> {
  // Both counts before the look-up, so a taken address and a new one are refused alike: each sends a mail.
  const refusal = (await countRegistration(input.ip)) ?? (await countAccountMail(input.ip, input.email));
  if (refusal) throw new AppError("rate_limited", refusal.message, { retry_after: refusal.retryAfterSeconds });
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await mailOwner(db, existing.email);
    return;
  }
  try {
    await db.transaction(async (tx) => {
      const user = await createUser(tx, {
        name: input.name,
        email: input.email,
        password: input.password,
        role: "reseller",
        verified: !config().REQUIRE_EMAIL_VERIFICATION,
      });
      await sendEmailVerification(tx, user, user.email);
    });
  } catch (error) {
    // Another registration took the address between the look-up and the insert: answered as taken.
    if (!(error instanceof AppError && error.message === ADDRESS_TAKEN)) throw error;
    await mailOwner(db, input.email);
  }
}

function mailOwner(db: Db, email: string) {
  return enqueueMail(db, registrationAttemptMail(email, { signIn: panelLink("/login"), forgotPassword: panelLink("/forgot-password") }));
}
