import type { User } from "@/lib/db/schema";
import { SESSION_MAX_AGE_S } from "./session-lifetime";

/**
 * Whether a panel session signed in at `issuedAt` (ms) still stands for this account: the account is
 * active, the session was not signed out, it is younger than its lifetime counted from the sign-in
 * (next-auth renews a cookie's expiry when asked, which would let a copied cookie live for good), and
 * it is not older than the account's last password change or "sign out everywhere", which is how a
 * session someone else holds (a stolen cookie) is ended.
 */
export function sessionStillValid(user: Pick<User, "status" | "sessionsValidAfter">, session: { issuedAt: number; ended: boolean }, now = Date.now()): boolean {
  if (user.status !== "active" || session.ended) return false;
  if (now - session.issuedAt >= SESSION_MAX_AGE_S * 1000) return false;
  return !user.sessionsValidAfter || session.issuedAt >= user.sessionsValidAfter.getTime();
}
