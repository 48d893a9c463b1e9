import { AUDIT_ACTIONS, type AuditAction } from "@/lib/audit/actions";
import type { AuditFilters } from "@/lib/audit/list-audit-log";
import { isIdOf } from "@/lib/ids/ids";
import { dayRange, parseDay } from "./day-range";
import { searchParamOf, type SearchParams } from "./search-param";

/** The audit log's filters as the page's form and links send them, validated; anything odd is dropped. */
export interface AuditFilterParams {
  action?: AuditAction;
  /** A key's id or a person's id. */
  actor?: string;
  /** yyyy-mm-dd, as typed in the form. */
  from?: string;
  to?: string;
  cursor?: string;
}

export function parseAuditFilterParams(params: SearchParams): AuditFilterParams {
  const actor = searchParamOf(params, "actor");
  const cursor = searchParamOf(params, "cursor");
  return {
    action: AUDIT_ACTIONS.find((action) => action === searchParamOf(params, "action")),
    actor: actor && (isIdOf("key", actor) || isIdOf("usr", actor)) ? actor : undefined,
    from: parseDay(searchParamOf(params, "from")),
    to: parseDay(searchParamOf(params, "to")),
    cursor: cursor && isIdOf("aud", cursor) ? cursor : undefined,
  };
}

/** The listAuditLog filter of these params: `to` takes in the whole day. */
export function auditFilterOf(params: AuditFilterParams): AuditFilters & { cursor?: string } {
  return { action: params.action, actor: params.actor, ...dayRange(params), cursor: params.cursor };
}
