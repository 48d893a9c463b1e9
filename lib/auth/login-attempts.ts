import { checkLoginRateLimit } from "@/lib/ratelimit/limiter";

/** Without the attempt counter, guessing would be unlimited; the reseller is told it is not their doing. */
export const SIGN_IN_PAUSED = "Sign-in is paused for a moment on our side. Try again in a minute.";

export interface LoginRefusal {
  retryAfterSeconds: number;
  message: string;
}

/**
 * Counts one sign-in attempt for this client IP, whatever its outcome; past 10 in 15 minutes the
 * attempt is refused before the password is looked at.
 */
export async function countLoginAttempt(ip: string): Promise<LoginRefusal | null> {
  const result = await checkLoginRateLimit(ip);
  if (result.allowed) return null;
  if (result.unavailable) return { retryAfterSeconds: result.retryAfterSeconds, message: SIGN_IN_PAUSED };
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  return {
    retryAfterSeconds: result.retryAfterSeconds,
    message: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}
