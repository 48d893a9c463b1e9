import type { User } from "@/lib/db/schema";

/**
 * Whether a panel session signed in at `issuedAt` (ms) still stands for this account: the account is
 * active, and the session is not older than the account's last password change, which is how a
 * session someone else holds (a stolen cookie) is ended.
 */
export function sessionStillValid(user: Pick<User, "status" | "sessionsValidAfter">, issuedAt: number): boolean {
  if (user.status !== "active") return false;
  return !user.sessionsValidAfter || issuedAt >= user.sessionsValidAfter.getTime();
}
