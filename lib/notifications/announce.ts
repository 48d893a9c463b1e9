import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { announcements, users } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { notify } from "./notify";

/** An admin's message to every active reseller: one notification each, all written in one transaction with the announcement. */
export async function announce(db: Db, adminId: string, input: { title: string; body: string }): Promise<{ id: string; recipients: number }> {
  return db.transaction(async (tx) => {
    const resellers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "reseller"), eq(users.status, "active")));
    for (const reseller of resellers) await notify(tx, { userId: reseller.id, kind: "announcement", title: input.title, body: input.body });
    const id = newId("ann");
    await tx.insert(announcements).values({ id, adminId, title: input.title, body: input.body, recipients: resellers.length });
    return { id, recipients: resellers.length };
  });
}

export async function listAnnouncements(db: Db, limit = 20) {
  return db
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      recipients: announcements.recipients,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .orderBy(desc(announcements.createdAt))
    .limit(limit);
}
