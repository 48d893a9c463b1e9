import { and, eq, ne, sql } from "drizzle-orm";
import { config } from "@/lib/config/env";
import type { Db, DbOrTx } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { enqueueMail } from "@/lib/mail/enqueue-mail";
import { panelLink } from "@/lib/mail/links";
import { notify } from "@/lib/notifications/notify";
import { emailVerificationMail } from "@/lib/mail/templates/email-verification";
import { EMAIL_VERIFICATION_TTL_MS, issueAccountToken, useAccountToken } from "./account-tokens";

export const VERIFY_EMAIL_FIRST = "Confirm your email address first: follow the link we sent you, or ask for a new one on your profile page.";

/** Whether the account must confirm its address before it buys or makes API keys. */
export function needsEmailVerification(user: Pick<User, "emailVerifiedAt" | "role">): boolean {
  return config().REQUIRE_EMAIL_VERIFICATION && user.role === "reseller" && user.emailVerifiedAt === null;
}

/** Refuses what an unconfirmed account may not do yet (buy, make API keys) while confirmation is required. */
export function requireVerifiedEmail(user: Pick<User, "emailVerifiedAt" | "role">): void {
  if (needsEmailVerification(user)) throw new AppError("forbidden", VERIFY_EMAIL_FIRST, { reason: "email_not_verified" });
}

/** Mails a link that confirms `address` for the account (its own, or the one it is changing to), in the caller's transaction. */
export async function sendEmailVerification(tx: DbOrTx, user: Pick<User, "id">, address: string): Promise<void> {
  const token = await issueAccountToken(tx, { userId: user.id, purpose: "email_verification", ttlMs: EMAIL_VERIFICATION_TTL_MS, email: address });
  await enqueueMail(tx, emailVerificationMail(address, panelLink("/verify-email", { token })));
}

export type ConfirmEmailResult = { state: "confirmed"; email: string } | { state: "used" | "expired" | "unknown" | "taken" };

/**
 * Confirms the address a link was sent to. For a change of address the account's sign-in name becomes
 * the new one, unless another account has taken it meanwhile.
 */
export async function confirmEmail(db: Db, token: string): Promise<ConfirmEmailResult> {
  return db.transaction(async (tx) => {
    const check = await useAccountToken(tx, "email_verification", token);
    if (check.state !== "valid") return { state: check.state };
    const email = check.token.email;
    if (!email) return { state: "unknown" };
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, check.token.userId)))
      .limit(1);
    if (taken) return { state: "taken" };
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, check.token.userId));
    await tx
      .update(users)
      .set({ email, emailVerifiedAt: sql`now()` })
      .where(eq(users.id, check.token.userId));
    // A change of address, not the confirmation of the account's first one.
    if (before && before.email !== email) {
      await notify(tx, { userId: check.token.userId, kind: "security", event: "email_changed", detail: `from ${before.email} to ${email}` });
    }
    return { state: "confirmed", email };
  });
}
