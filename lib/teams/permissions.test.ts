import { describe, expect, it } from "vitest";
import type { MemberRole } from "@/lib/db/schema";
import { API_SCOPES, type ApiScope } from "@/lib/api-keys/scope-names";
import { CAPABILITIES, MEMBER_ROLES, assertMemberCan, can, scopesOfRole, type Capability } from "./permissions";

/** The roles, as a table: each capability, then which of owner, admin, developer, finance, buyer, viewer have it. */
const MATRIX: Record<Capability, [owner: 0 | 1, admin: 0 | 1, developer: 0 | 1, finance: 0 | 1, buyer: 0 | 1, viewer: 0 | 1]> = {
  members: [1, 1, 0, 0, 0, 0],
  ownership: [1, 0, 0, 0, 0, 0],
  api_keys: [1, 1, 1, 0, 0, 0],
  webhooks: [1, 1, 1, 0, 0, 0],
  api_reference: [1, 1, 1, 0, 0, 0],
  dashboard: [1, 1, 0, 0, 0, 0],
  catalog: [1, 1, 0, 0, 1, 1],
  orders_read: [1, 1, 1, 0, 1, 1],
  orders_write: [1, 1, 0, 0, 1, 0],
  claims: [1, 1, 0, 0, 1, 0],
  balance_read: [1, 1, 0, 1, 1, 1],
  topups: [1, 1, 0, 1, 0, 0],
  exports: [1, 1, 0, 1, 0, 0],
  subscription: [1, 1, 0, 1, 0, 0],
  audit_log: [1, 1, 0, 0, 0, 0],
  notification_settings: [1, 1, 0, 0, 0, 0],
  profile: [1, 1, 1, 1, 1, 1],
};

const SCOPES: Record<MemberRole, ApiScope[]> = {
  owner: [...API_SCOPES],
  admin: [...API_SCOPES],
  developer: ["orders:read", "webhooks:manage"],
  finance: ["account:read", "payments:write"],
  buyer: ["catalog:read", "orders:read", "orders:write", "account:read"],
  viewer: ["catalog:read", "orders:read", "account:read"],
};

describe("roles", () => {
  it("give every role exactly the capabilities of the table, for every capability", () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...CAPABILITIES].sort());
    for (const capability of CAPABILITIES) {
      const actual = MEMBER_ROLES.map((role) => (can(role, capability) ? 1 : 0));
      expect([capability, ...actual]).toEqual([capability, ...MATRIX[capability]]);
    }
  });

  it("limit a session's API calls to the scopes of what the role can do in the panel", () => {
    for (const role of MEMBER_ROLES) expect([role, scopesOfRole(role)]).toEqual([role, SCOPES[role]]);
  });

  it("refuse a member with a 403 naming their role, and let a platform admin (no member role) through", () => {
    expect(() => assertMemberCan({ memberRole: "viewer" }, "notification_settings")).toThrow(
      expect.objectContaining({ code: "forbidden", message: expect.stringContaining("Your role (viewer) cannot open this") }),
    );
    expect(() => assertMemberCan({ memberRole: "admin" }, "notification_settings")).not.toThrow();
    expect(() => assertMemberCan({ memberRole: null }, "notification_settings")).not.toThrow();
  });
});
