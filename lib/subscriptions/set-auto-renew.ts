import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";

/** Turns renewal from the balance at the end of each subscription period on or off. */
export async function setAutoRenew(db: DbOrTx, userId: string, enabled: boolean): Promise<{ autoRenew: boolean }> {
  const [row] = await db.update(users).set({ autoRenew: enabled }).where(eq(users.id, userId)).returning({ autoRenew: users.autoRenew });
  if (!row) throw notFound("Account");
  return row;
}
