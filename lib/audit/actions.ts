/**
 * Every change the audit log records, by the name the log, its filter and its export show. A new kind
 * of change is added here first, so the API's filter and the panel's list know it.
 */
export const AUDIT_ACTIONS = [
  "member.invited",
  "member.invitation_revoked",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "account.ownership_transferred",
  "account.two_factor_required",
  "api_key.created",
  "api_key.revoked",
  "webhook.changed",
  "webhook.secret_rotated",
  "order.placed",
  "claim.opened",
  "topup.created",
  "subscription.changed",
  "two_factor.enabled",
  "two_factor.disabled",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
