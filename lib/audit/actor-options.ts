import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, users } from "@/lib/db/schema";

export interface AuditActorOption {
  id: string;
  label: string;
}

/**
 * Whom the audit log can be filtered by: the account's people (removed members too) and its keys,
 * revoked ones too, since their changes stay in the log.
 */
export async function auditActorOptions(db: DbOrTx, accountId: string): Promise<AuditActorOption[]> {
  const [people, keys] = await Promise.all([
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.accountId, accountId)).orderBy(users.createdAt),
    db.select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix }).from(apiKeys).where(eq(apiKeys.userId, accountId)).orderBy(desc(apiKeys.id)),
  ]);
  return [
    ...people.map((person) => ({ id: person.id, label: person.email })),
    ...keys.map((key) => ({ id: key.id, label: `API key ${key.name} (${key.prefix}…)` })),
  ];
}
