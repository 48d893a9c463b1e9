import type { AuditEntry } from "@/lib/audit/list-audit-log";
import { detailsLine } from "@/lib/audit/serialize";
import { formatDateTime } from "./format";

export interface AuditRow {
  id: string;
  /** Already formatted for display. */
  when: string;
  /** The person's email, the key's name, or the operator. */
  who: string;
  /** For a key: its prefix and who created it. */
  whoDetail: string | null;
  action: string;
  subject: string | null;
  details: string;
  ip: string;
}

/** An audit entry as the audit-log tables show it (strings only: safe to hand to any component). */
export function toAuditRow(entry: AuditEntry): AuditRow {
  const viaKey = entry.actorKeyId !== null;
  return {
    id: entry.id,
    when: formatDateTime(entry.createdAt),
    who: viaKey ? `API key ${entry.keyName ?? entry.actorKeyId}` : entry.actorUserId ? (entry.actorEmail ?? entry.actorUserId) : "Operator (command line)",
    whoDetail: viaKey ? [`${entry.keyPrefix ?? ""}…`, entry.actorEmail ? `created by ${entry.actorEmail}` : null].filter(Boolean).join(", ") : null,
    action: entry.action,
    subject: entry.subject,
    details: detailsLine(entry.details),
    ip: entry.ip ?? "-",
  };
}
