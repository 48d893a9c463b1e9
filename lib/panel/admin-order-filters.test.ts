import { describe, expect, it } from "vitest";
import { adminOrderFilterQuery, parseAdminOrderFilterParams } from "./admin-order-filters";

describe("admin order filter params", () => {
  it("keeps valid values, drops made-up ones and cuts a long email", () => {
    expect(parseAdminOrderFilterParams(new URLSearchParams("status=failed&type=topup&email=+shop@example.com+&from=2026-11-01&to=2026-11-30&cursor=ord_01ABC"))).toEqual({
      queue: false,
      status: "failed",
      type: "topup",
      email: "shop@example.com",
      from: "2026-11-01",
      to: "2026-11-30",
      cursor: "ord_01ABC",
    });
    expect(parseAdminOrderFilterParams({ from: "0000-01-01", to: "2026-02-30" })).toMatchObject({ from: undefined, to: undefined });
    expect(parseAdminOrderFilterParams({ status: "bogus", type: ["giftcard", "topup"], email: "a\u0000b", cursor: "1;drop" })).toEqual({
      queue: false,
      status: undefined,
      type: undefined,
      email: undefined,
      cursor: undefined,
    });
    expect(parseAdminOrderFilterParams({ email: "😀".repeat(201) }).email).toBe("😀".repeat(200));
  });

  it("reads the manual queue without the list's filters, and links to it the same way", () => {
    const params = parseAdminOrderFilterParams(new URLSearchParams("tab=manual&status=failed&email=shop@example.com&from=2026-11-01&cursor=ord_01ABC"));
    expect(params).toEqual({ queue: true, cursor: "ord_01ABC" });
    expect(adminOrderFilterQuery(params)).toEqual({ tab: "manual" });
    expect(adminOrderFilterQuery(parseAdminOrderFilterParams({ status: "completed", email: "shop@example.com", to: "2026-11-30", cursor: "ord_01ABC" }))).toEqual({
      status: "completed",
      type: undefined,
      email: "shop@example.com",
      to: "2026-11-30",
    });
  });
});
