import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { NOTIFICATION_KINDS, notificationPreferences, type NotificationKind } from "@/lib/db/schema";
import { validationError } from "@/lib/errors/app-error";
import { KIND_INFO } from "./kinds";

export interface KindPreference {
  kind: NotificationKind;
  label: string;
  about: string;
  email: boolean;
  mandatory: boolean;
}

/** Every kind with whether it is emailed: mandatory kinds always, the others as chosen (on until turned off). */
export async function getPreferences(db: DbOrTx, userId: string): Promise<KindPreference[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.email]));
  return NOTIFICATION_KINDS.map((kind) => {
    const { label, about, mandatory } = KIND_INFO[kind];
    return { kind, label, about, mandatory, email: mandatory || (chosen.get(kind) ?? true) };
  });
}

/**
 * Saves the email choice of the kinds given. Turning a mandatory kind off is refused with a message
 * that says why, rather than silently kept on.
 */
export async function setPreferences(db: DbOrTx, userId: string, email: Partial<Record<NotificationKind, boolean>>): Promise<void> {
  const refused = Object.entries(email).filter(([kind, on]) => on === false && KIND_INFO[kind as NotificationKind].mandatory);
  if (refused.length > 0)
    throw validationError(refused.map(([kind]) => ({ path: kind, message: `${KIND_INFO[kind as NotificationKind].label} emails cannot be turned off.` })));
  const rows = Object.entries(email)
    .filter(([kind]) => !KIND_INFO[kind as NotificationKind].mandatory)
    .map(([kind, on]) => ({ userId, kind: kind as NotificationKind, email: on === true }));
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email: sql`excluded.email` } });
}
