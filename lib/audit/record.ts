import type { DbOrTx } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import type { AuditAction } from "./actions";

/** Who made a change: the signed-in person, or the key an API call came with (and the member it belongs to). */
export interface AuditActor {
  userId: string | null;
  apiKeyId: string | null;
  ip: string | null;
}

export interface AuditInput {
  accountId: string;
  actor: AuditActor;
  action: AuditAction;
  subject?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records a change on an account. Call it with the transaction that makes the change: the row commits
 * with it or not at all.
 */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<string> {
  const id = newId("aud");
  await tx.insert(auditLog).values({
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
