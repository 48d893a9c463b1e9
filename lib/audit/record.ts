import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { auditLog } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import type { AuditAction } from "./actions";

/** Who made a change: the signed-in person, or the key an API call came with (and the member it belongs to). */
export interface AuditActor {
  userId: string | null;
  apiKeyId: string | null;
  ip: string | null;
}

/**
 * The account acting on itself with no request behind it: the demo seed, an operator's command that
 * creates an account's key. Its IP is unknown.
 */
export function accountActor(accountId: string): AuditActor {
  return { userId: accountId, apiKeyId: null, ip: null };
}

/** An operator at the command line, who is no user of the panel. */
export const OPERATOR_ACTOR: AuditActor = { userId: null, apiKeyId: null, ip: null };

export interface AuditInput {
  accountId: string;
  actor: AuditActor;
  action: AuditAction;
  subject?: string | null;
  details?: Record<string, unknown>;
}

// Prepared once: every order writes a row, so the insert must cost no more than its round trip.
const insertAuditRow = preparedQuery((db) =>
  db
    .insert(auditLog)
    .values({
      id: sql.placeholder("id"),
      accountId: sql.placeholder("accountId"),
      actorUserId: sql.placeholder("actorUserId"),
      actorKeyId: sql.placeholder("actorKeyId"),
      action: sql.placeholder("action"),
      subject: sql.placeholder("subject"),
      details: sql.placeholder("details"),
      ip: sql.placeholder("ip"),
    })
    .prepare("insert_audit_row"),
);

/**
 * Records a change on an account. Call it with the transaction that makes the change: the row commits
 * with it or not at all.
 */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<string> {
  const id = newId("aud");
  await insertAuditRow(tx).execute({
    id,
    accountId: input.accountId,
    actorUserId: input.actor.userId,
    actorKeyId: input.actor.apiKeyId,
    action: input.action,
    subject: input.subject ?? null,
    details: input.details ?? {},
    ip: input.actor.ip,
  });
  return id;
}
