import { describe, expect, it } from "vitest";
import { adminOrderFilterQuery, parseAdminOrderFilterParams } from "./admin-order-filters";

describe("admin order filter params", () => {
  it("keeps valid values, drops made-up ones and cuts a long email or reference", () => {
    expect(
      parseAdminOrderFilterParams(
        new URLSearchParams("status=failed&type=topup&reference=+ABC-123+&email=+shop@example.com+&from=2026-11-01&to=2026-11-30&cursor=ord_01ABC"),
      ),
    ).toEqual({
      queue: false,
      status: "failed",
      type: "topup",
      reference: "ABC-123",
      email: "shop@example.com",
      from: "2026-11-01",
      to: "2026-11-30",
      cursor: "ord_01ABC",
    });
    expect(parseAdminOrderFilterParams({ from: "0000-01-01", to: "2026-02-30" })).toMatchObject({ from: undefined, to: undefined });
    expect(
      parseAdminOrderFilterParams({ status: "bogus", type: ["giftcard", "topup"], reference: "a\u0000b", email: "a\u0000b", cursor: "1;drop" }),
    ).toStrictEqual({
      queue: false,
      status: undefined,
      type: undefined,
      reference: undefined,
      email: undefined,
      from: undefined,
      to: undefined,
      cursor: undefined,
    });
    expect(parseAdminOrderFilterParams({ email: "😀".repeat(201) }).email).toBe("😀".repeat(200));
    expect(parseAdminOrderFilterParams({ reference: "😀".repeat(65) }).reference).toBe("😀".repeat(64));
  });

  it("reads the manual queue without the list's filters, and links to it the same way", () => {
    const params = parseAdminOrderFilterParams(
      new URLSearchParams("tab=manual&status=failed&reference=ABC-123&email=shop@example.com&from=2026-11-01&cursor=ord_01ABC"),
    );
    expect(params).toEqual({ queue: true, cursor: "ord_01ABC" });
    expect(adminOrderFilterQuery(params)).toEqual({ tab: "manual" });
    expect(
      adminOrderFilterQuery(
        parseAdminOrderFilterParams({ status: "completed", reference: "ABC-123", email: "shop@example.com", to: "2026-11-30", cursor: "ord_01ABC" }),
      ),
    ).toEqual({
      status: "completed",
      type: undefined,
      reference: "ABC-123",
      email: "shop@example.com",
      to: "2026-11-30",
    });
  });
});
