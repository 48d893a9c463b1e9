import { describe, expect, it } from "vitest";
import { orderFilterOf, parseOrderFilterParams, parseTakenView, takenByOf } from "./order-filters";

describe("order filter params", () => {
  it("keeps valid values and drops made-up ones", () => {
    expect(
      parseOrderFilterParams({ status: "failed", type: "topup", reference: " shop-1 ", from: "2026-11-01", to: "2026-11-30", cursor: "ord_01ABC" }),
    ).toEqual({
      status: "failed",
      type: "topup",
      reference: "shop-1",
      from: "2026-11-01",
      to: "2026-11-30",
      cursor: "ord_01ABC",
    });
    expect(parseOrderFilterParams(new URLSearchParams("status=bogus&type=x&from=2026-02-30&to=yesterday&cursor=1;drop"))).toEqual({
      status: undefined,
      type: undefined,
      reference: undefined,
      from: undefined,
      to: undefined,
      cursor: undefined,
    });
  });

  it("drops what the database could not take: a NUL in the reference, the year 0", () => {
    expect(parseOrderFilterParams(new URLSearchParams("reference=a%00b&from=0000-01-01&to=0000-12-31"))).toMatchObject({
      reference: undefined,
      from: undefined,
      to: undefined,
    });
    expect(parseOrderFilterParams(new URLSearchParams("from=0001-01-01")).from).toBe("0001-01-01");
  });

  it("keeps a reference of 64 characters whole, however many UTF-16 units they take", () => {
    const emoji = "😀".repeat(64);
    expect(parseOrderFilterParams({ reference: emoji }).reference).toBe(emoji);
    expect(parseOrderFilterParams({ reference: emoji + "x" }).reference).toBe(emoji);
  });

  it("makes `to` inclusive of the whole day", () => {
    const filter = orderFilterOf({ from: "2026-11-01", to: "2026-11-01" });
    expect(filter.from?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(filter.to?.toISOString()).toBe("2026-11-01T23:59:59.999Z");
  });
});

describe("the manual queue's taken view", () => {
  it("lists the orders nobody has taken, or the admin's own; anything else is the whole queue", () => {
    expect(takenByOf(parseTakenView({ taken: "none" }), "usr_admin")).toBeNull();
    expect(takenByOf(parseTakenView(new URLSearchParams("taken=mine")), "usr_admin")).toBe("usr_admin");
    for (const taken of ["", "all", "MINE", undefined]) expect(takenByOf(parseTakenView({ taken }), "usr_admin")).toBeUndefined();
  });
});
