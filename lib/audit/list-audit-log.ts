import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/lib/db/client";
import { pageOf, type Page } from "@/lib/db/page";
import { apiKeys, auditLog, users, type AuditLogEntry } from "@/lib/db/schema";
import type { AuditAction } from "./actions";

export interface AuditFilters {
  action?: AuditAction;
  /** A key's id (key_...) or a person's (usr_...): the changes made with that key, or by that person. */
  actor?: string;
  from?: Date;
  to?: Date;
}

/** An entry with who made it as the log shows them: the person's email, the key's name and prefix. */
export interface AuditEntry extends AuditLogEntry {
  actorEmail: string | null;
  keyName: string | null;
  keyPrefix: string | null;
}

const actorUser = alias(users, "actor_user");

/** The conditions of an account's entries under the filters; another account's entries never match. */
function conditionsOf(accountId: string, filters: AuditFilters): SQL[] {
  const conditions = [eq(auditLog.accountId, accountId)];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.actor) conditions.push(filters.actor.startsWith("key_") ? eq(auditLog.actorKeyId, filters.actor) : eq(auditLog.actorUserId, filters.actor));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lte(auditLog.createdAt, filters.to));
  return conditions;
}

function selectEntries(db: DbOrTx, conditions: SQL[]) {
  return db
    .select({
      entry: auditLog,
      actorEmail: actorUser.email,
      keyName: apiKeys.name,
      keyPrefix: apiKeys.prefix,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
    .leftJoin(apiKeys, eq(apiKeys.id, auditLog.actorKeyId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id));
}

const flatten = (row: { entry: AuditLogEntry; actorEmail: string | null; keyName: string | null; keyPrefix: string | null }): AuditEntry => ({
  ...row.entry,
  actorEmail: row.actorEmail,
  keyName: row.keyName,
  keyPrefix: row.keyPrefix,
});

/** One page of an account's audit log, newest first. */
export async function listAuditLog(db: DbOrTx, accountId: string, options: AuditFilters & { cursor?: string; limit: number }): Promise<Page<AuditEntry>> {
  const conditions = conditionsOf(accountId, options);
  if (options.cursor) conditions.push(lt(auditLog.id, options.cursor));
  const rows = await selectEntries(db, conditions).limit(options.limit + 1);
  return pageOf(rows.map(flatten), options.limit);
}
