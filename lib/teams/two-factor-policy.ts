import type { DbOrTx } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { hasTwoFactor } from "@/lib/auth/two-factor";

/**
 * Whether the person must set up two-factor sign-in before anything else: their account requires it
 * and they have none yet. Read only when the account requires it, so no other sign-in pays for it.
 */
export async function mustSetUpTwoFactor(signedIn: { account: User; member: User }, db: () => DbOrTx): Promise<boolean> {
  return signedIn.account.twoFactorRequired && !(await hasTwoFactor(db(), signedIn.member.id));
}
