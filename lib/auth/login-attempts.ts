import {
  checkAccountMailRateLimit,
  checkLoginRateLimit,
  checkPasswordCheckRateLimit,
  checkRegistrationRateLimit,
  checkSecondFactorRateLimit,
} from "@/lib/ratelimit/limiter";
import type { RateLimitResult } from "@/lib/ratelimit/store";

/** Without the attempt counter, guessing would be unlimited; the reseller is told it is not their doing. */
export const SIGN_IN_PAUSED = "Sign-in is paused for a moment on our side. Try again in a minute.";

const PASSWORD_CHANGE_PAUSED = "Password changes are paused for a moment on our side. Try again in a minute.";
const SIGN_UP_PAUSED = "Sign-up is paused for a moment on our side. Try again in a minute.";

export interface LoginRefusal {
  retryAfterSeconds: number;
  message: string;
}

/**
 * Counts one sign-in attempt for this client IP, whatever its outcome; past 10 in 15 minutes the
 * attempt is refused before the password is looked at.
 */
export async function countLoginAttempt(ip: string): Promise<LoginRefusal | null> {
  return refusalOf(await checkLoginRateLimit(ip), "sign-in attempts", SIGN_IN_PAUSED);
}

/**
 * Counts one two-factor code tried at sign-in for this account, whatever its outcome, besides the
 * attempt's count per IP; past 10 in 15 minutes the code is refused before it is looked at.
 */
export async function countSecondFactorCheck(userId: string): Promise<LoginRefusal | null> {
  return refusalOf(await checkSecondFactorRateLimit(userId), "sign-in attempts", SIGN_IN_PAUSED);
}

/**
 * Counts one check of an account's current password (the password change), whatever its outcome;
 * past 10 in 15 minutes the check is refused before the password is looked at, as a sign-in is.
 */
export async function countPasswordCheck(userId: string): Promise<LoginRefusal | null> {
  return refusalOf(await checkPasswordCheckRateLimit(userId), "password checks", PASSWORD_CHANGE_PAUSED);
}

/** Counts one registration from this client IP, whatever its outcome; past 10 in 15 minutes it is refused before any account is made. */
export async function countRegistration(ip: string): Promise<LoginRefusal | null> {
  return refusalOf(await checkRegistrationRateLimit(ip), "sign-ups", SIGN_UP_PAUSED);
}

const ACCOUNT_MAIL_PAUSED = "Sending account mail is paused for a moment on our side. Try again in a minute.";

/** Counts one request for a reset or confirmation mail, per IP and per address, whether or not the address has an account. */
export async function countAccountMail(ip: string, email: string): Promise<LoginRefusal | null> {
  return refusalOf(await checkAccountMailRateLimit(ip, email), "requests for account mail", ACCOUNT_MAIL_PAUSED);
}

function refusalOf(result: RateLimitResult, what: string, paused: string): LoginRefusal | null {
  if (result.allowed) return null;
  if (result.unavailable) return { retryAfterSeconds: result.retryAfterSeconds, message: paused };
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  return {
    retryAfterSeconds: result.retryAfterSeconds,
    message: `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}
