import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users, type UserStatus } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";

/** Blocks or unblocks a reseller; a blocked reseller's keys and session stop working at once. */
export async function setResellerStatus(db: DbOrTx, resellerId: string, status: UserStatus): Promise<void> {
  const updated = await db
    .update(users)
    .set({ status })
    .where(and(eq(users.id, resellerId), eq(users.role, "reseller")))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound("Reseller");
}
