import { count, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signInAddresses } from "@/lib/db/schema";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { notify } from "@/lib/notifications/notify";

/**
 * Remembers the address of a successful panel sign-in. One the account never signed in from is a
 * security notice, except on its very first sign-in, when every address is new.
 */
export async function recordSignInAddress(db: Db, userId: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(signInAddresses)
      .values({ userId, ip })
      .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.ip], set: { lastSeenAt: sql`now()` } })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    if (!added?.inserted) return;
    const [known] = await tx.select({ n: count() }).from(signInAddresses).where(eq(signInAddresses.userId, userId));
    if (known.n > 1) await notify(tx, { userId, kind: "security", event: "new_ip_sign_in", ip });
  });
}

/** The client IP the server script put on the sign-in request (next-auth hands its headers as an object). */
export function clientIpOfSignIn(headers: Record<string, unknown> | undefined): string {
  const ip = headers?.[CLIENT_IP_HEADER];
  return typeof ip === "string" ? ip : "0.0.0.0";
}
