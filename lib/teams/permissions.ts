import type { MemberRole } from "@/lib/db/schema";
import { API_SCOPES, type ApiScope } from "@/lib/api-keys/scope-names";
import { AppError } from "@/lib/errors/app-error";

/** Every role a person can have on a reseller account, the strongest first. */
export const MEMBER_ROLES = ["owner", "admin", "developer", "finance", "buyer", "viewer"] as const satisfies readonly MemberRole[];

/** The roles an invitation or a change of role can give: ownership only moves by a transfer. */
export const ASSIGNABLE_ROLES = ["admin", "developer", "finance", "buyer", "viewer"] as const satisfies readonly MemberRole[];

export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: "Everything, including members, the two-factor rule and handing ownership to an admin.",
  admin: "Everything but ownership.",
  developer: "API keys, webhooks, the API reference, reading orders.",
  finance: "Balance, transactions, top-ups, exports, the subscription.",
  buyer: "Catalog, orders, bulk orders, claims, reading the balance.",
  viewer: "Read-only: catalog, orders, balance and transactions.",
};

/**
 * What a person can do on the account, each the name of one or more pages, actions and API calls. The
 * one table every check reads: pages (requireCapability), panel actions (their spec's capability), the
 * menu (components/panel/nav-config.ts) and the API calls made with a session (scopesOfRole).
 */
const TABLE = {
  /** The members page: invite, change a role, remove, revoke an invitation. */
  members: ["owner", "admin"],
  /** Transfer the ownership, require two-factor sign-in for every member, close the account. */
  ownership: ["owner"],
  api_keys: ["owner", "admin", "developer"],
  webhooks: ["owner", "admin", "developer"],
  api_reference: ["owner", "admin", "developer"],
  /**
   * The dashboard: the balance, top-ups, the subscription, keys, orders and spend together, with links
   * to each; the other roles start on the first page of their menu instead.
   */
  dashboard: ["owner", "admin"],
  catalog: ["owner", "admin", "buyer", "viewer"],
  orders_read: ["owner", "admin", "developer", "buyer", "viewer"],
  /** Single and bulk orders, and writing in an order's chat. */
  orders_write: ["owner", "admin", "buyer"],
  claims: ["owner", "admin", "buyer"],
  balance_read: ["owner", "admin", "finance", "buyer", "viewer"],
  topups: ["owner", "admin", "finance"],
  /** The statement's CSV (balance and transactions). An orders CSV is reading orders. */
  exports: ["owner", "admin", "finance"],
  subscription: ["owner", "admin", "finance"],
  audit_log: ["owner", "admin"],
  /** The account's notification preferences (the digest goes to the account's address). */
  notification_settings: ["owner", "admin"],
  /** The person's own name, password, two-factor sign-in, sessions; and the account's bell. */
  profile: ["owner", "admin", "developer", "finance", "buyer", "viewer"],
} as const satisfies Record<string, readonly MemberRole[]>;

export type Capability = keyof typeof TABLE;

export const CAPABILITIES = Object.keys(TABLE) as Capability[];

/** Whether a member with this role may use the capability. */
export function can(role: MemberRole, capability: Capability): boolean {
  return (TABLE[capability] as readonly MemberRole[]).includes(role);
}

/**
 * The capability each API scope stands for: a call made with a member's session may use a scope when
 * the member's role has its capability in the panel. So a developer's session reads orders and manages
 * webhooks but neither reads the balance nor buys, as in the panel.
 */
const SCOPE_CAPABILITY: Record<ApiScope, Capability> = {
  "catalog:read": "catalog",
  "orders:read": "orders_read",
  "orders:write": "orders_write",
  "account:read": "balance_read",
  "payments:write": "topups",
  "webhooks:manage": "webhooks",
};

/** The API scopes a call made with the session of a member with this role may use. */
export function scopesOfRole(role: MemberRole): ApiScope[] {
  return API_SCOPES.filter((scope) => can(role, SCOPE_CAPABILITY[scope]));
}

/** The message of a refusal, on the 403 page and in an action's answer. */
export function refusalOf(role: MemberRole): string {
  return `Your role (${role}) cannot open this. The account's owner or an admin can change your role.`;
}

/**
 * Refuses (403) a person whose role on a reseller account lacks the capability; a platform admin (no
 * member role) passes. For the actions any signed-in person reaches that touch the account's settings.
 */
export function assertMemberCan(member: { memberRole: MemberRole | null }, capability: Capability): void {
  if (member.memberRole && !can(member.memberRole, capability)) throw new AppError("forbidden", refusalOf(member.memberRole));
}
