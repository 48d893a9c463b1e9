import { z } from "zod";
import { csvCell } from "@/lib/csv/csv";
import { timestampString } from "@/lib/records/fields";
import { AUDIT_ACTIONS } from "./actions";
import type { AuditEntry } from "./list-audit-log";

export const auditEntrySchema = z
  .object({
    entry_id: z.string().meta({ example: "aud_01JD4X0000ABCDEFGHJKMNPQRS" }),
    action: z.enum(AUDIT_ACTIONS).meta({ description: "What changed.", example: "api_key.created" }),
    actor: z
      .object({
        type: z.enum(["member", "api_key", "operator"]).meta({
          description: "member: a person signed in to the panel; api_key: a call made with a key; operator: the platform's operator (command line).",
        }),
        member_id: z
          .string()
          .nullable()
          .meta({ description: "The person who made the change, or who created the key it was made with.", example: "usr_01JD4X0000ABCDEFGHJKMNPQRS" }),
        email: z.string().nullable().meta({ description: "That person's email.", example: "owner@shop.example" }),
        key_id: z.string().nullable().meta({ example: "key_01JD4X0000ABCDEFGHJKMNPQRS" }),
        key_name: z.string().nullable().meta({ example: "Production shop" }),
        key_prefix: z.string().nullable().meta({ description: "The key's first characters, as the panel shows them.", example: "rk_live_AbCd" }),
      })
      .meta({ description: "Who made the change." }),
    subject: z
      .string()
      .nullable()
      .meta({ description: "The id of what the change concerns (an order, a key, a payment), when there is one.", example: "ord_01JD4X0000ABCDEFGHJKMNPQRS" }),
    details: z.record(z.string(), z.unknown()).meta({
      description: "What the change was, by action (a key's name and scopes, an order's sku and total, a webhook's URL).",
      example: { sku: "giftcard-steam-us-20", quantity: 1, total: "19.40", source: "api" },
    }),
    ip: z.string().nullable().meta({ description: "The address the change came from; null for the operator's command line.", example: "203.0.113.7" }),
    created_at: timestampString,
  })
  .meta({ id: "AuditEntry" });

export type AuditRecord = z.infer<typeof auditEntrySchema>;

type ActorType = AuditRecord["actor"]["type"];

const actorTypeOf = (entry: AuditEntry): ActorType => (entry.actorKeyId ? "api_key" : entry.actorUserId ? "member" : "operator");

export function toAuditRecord(entry: AuditEntry): AuditRecord {
  return {
    entry_id: entry.id,
    action: entry.action as AuditRecord["action"],
    actor: {
      type: actorTypeOf(entry),
      member_id: entry.actorUserId,
      email: entry.actorEmail,
      key_id: entry.actorKeyId,
      key_name: entry.keyName,
      key_prefix: entry.keyPrefix,
    },
    subject: entry.subject,
    details: entry.details,
    ip: entry.ip,
    created_at: entry.createdAt.toISOString(),
  };
}

/** Who made the change, in one line: the key's name and prefix (and its creator), the person's email, or the operator. */
export function actorLabel(entry: AuditEntry): string {
  if (entry.actorKeyId) return `API key ${entry.keyName ?? ""} (${entry.keyPrefix ?? entry.actorKeyId}…)`.replace("  ", " ");
  if (entry.actorUserId) return entry.actorEmail ?? entry.actorUserId;
  return "Operator (command line)";
}

/** The details as a short line: `name=value` pairs, lists joined with spaces. */
export function detailsLine(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(" ") : String(value)}`)
    .join(", ");
}

export const AUDIT_CSV_COLUMNS = ["entry_id", "created_at", "action", "actor", "member_id", "key_id", "subject", "details", "ip"] as const;

export function auditCsvCells(entry: AuditEntry): string[] {
  return [
    csvCell(entry.id),
    csvCell(entry.createdAt.toISOString()),
    csvCell(entry.action),
    csvCell(actorLabel(entry), { text: true }),
    csvCell(entry.actorUserId ?? ""),
    csvCell(entry.actorKeyId ?? ""),
    csvCell(entry.subject ?? ""),
    csvCell(detailsLine(entry.details), { text: true }),
    csvCell(entry.ip ?? ""),
  ];
}
