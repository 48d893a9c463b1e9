import { describe, expect, it } from "vitest";
import { adminPaymentFilterQuery, adminPaymentListFilter, parseAdminPaymentFilterParams } from "./admin-payment-filters";

describe("admin payment filter params", () => {
  it("reads the invoices tab by default, with an invoice's statuses and cursor", () => {
    const params = parseAdminPaymentFilterParams(new URLSearchParams("status=partially_paid&email=+shop+&cursor=pay_01ABC"));
    expect(params).toEqual({ tab: "invoices", status: "partially_paid", email: "shop", cursor: "pay_01ABC" });
    expect(adminPaymentFilterQuery(params)).toEqual({ tab: undefined, status: "partially_paid", email: "shop" });
  });

  it("reads the transfers tab with a transfer's statuses and cursor; another tab's are dropped", () => {
    expect(parseAdminPaymentFilterParams({ tab: "transfers", status: "credited", cursor: "trf_01ABC" })).toEqual({
      tab: "transfers",
      status: "credited",
      email: undefined,
      cursor: "trf_01ABC",
    });
    expect(parseAdminPaymentFilterParams({ tab: "transfers", status: "paid", cursor: "pay_01ABC" })).toMatchObject({ status: undefined, cursor: undefined });
    expect(parseAdminPaymentFilterParams({ status: "credited", cursor: "trf_01ABC" })).toMatchObject({ tab: "invoices", status: undefined, cursor: undefined });
  });

  it("drops what the database could not take and cuts a long email whole characters at a time", () => {
    expect(parseAdminPaymentFilterParams({ tab: ["transfers"], status: "paid\u0000", email: "a\u0000b", cursor: "pay_1;drop" })).toEqual({
      tab: "invoices",
      status: undefined,
      email: undefined,
      cursor: undefined,
    });
    expect(parseAdminPaymentFilterParams({ email: "😀".repeat(201) }).email).toBe("😀".repeat(200));
  });

  it("takes From and To days, whole UTC days at both ends, and drops a day that is none", () => {
    const params = parseAdminPaymentFilterParams({ tab: "transfers", from: "2026-11-01", to: "2026-11-30" });
    expect(params).toMatchObject({ from: "2026-11-01", to: "2026-11-30" });
    expect(adminPaymentFilterQuery(params)).toMatchObject({ tab: "transfers", from: "2026-11-01", to: "2026-11-30" });
    expect(adminPaymentListFilter(params)).toEqual({
      email: undefined,
      from: new Date("2026-11-01T00:00:00.000Z"),
      to: new Date("2026-11-30T23:59:59.999Z"),
      cursor: undefined,
    });
    expect(parseAdminPaymentFilterParams({ from: "0000-01-01", to: "2026-02-30" })).toMatchObject({ from: undefined, to: undefined });
  });
});
