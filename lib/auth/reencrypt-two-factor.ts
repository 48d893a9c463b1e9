import { and, eq } from "drizzle-orm";
import { underOwnKey } from "@/lib/crypto/reencrypt";
import type { Db } from "@/lib/db/client";
import { twoFactor } from "@/lib/db/schema";

export interface ReencryptedTwoFactor {
  /** Authenticator-app secrets of two-factor sign-in, so that the accounts' app codes are accepted again. */
  twoFactorSecrets: number;
  /** Secrets that neither key opens, left as they are. */
  unreadable: number;
}

/** Re-encrypts under ENCRYPTION_KEY the two-factor secrets another key wrote. */
export async function reencryptTwoFactorSecrets(db: Db, otherKey: string): Promise<ReencryptedTwoFactor> {
  const outcome: ReencryptedTwoFactor = { twoFactorSecrets: 0, unreadable: 0 };
  const secrets = await db.select({ userId: twoFactor.userId, secret: twoFactor.secretEncrypted }).from(twoFactor);
  for (const row of secrets) {
    const secret = underOwnKey(row.secret, otherKey);
    if (!secret) outcome.unreadable += 1;
    else if (secret.changed) {
      // Only the value read: an admin's reset and a new set-up since then wrote a secret of their own.
      const adopted = await db
        .update(twoFactor)
        .set({ secretEncrypted: secret.value })
        .where(and(eq(twoFactor.userId, row.userId), eq(twoFactor.secretEncrypted, row.secret)))
        .returning({ userId: twoFactor.userId });
      outcome.twoFactorSecrets += adopted.length;
    }
  }
  return outcome;
}
