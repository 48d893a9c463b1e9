import { describe, expect, it } from "vitest";
import { parseTransactionFilterParams, transactionFilterOf } from "./transaction-filters";

describe("transaction filter params", () => {
  it("keeps valid values and drops made-up ones", () => {
    expect(parseTransactionFilterParams({ type: "refund", from: "2026-11-01", to: "2026-11-30", cursor: "txn_01ABC" })).toEqual({
      type: "refund",
      from: "2026-11-01",
      to: "2026-11-30",
      cursor: "txn_01ABC",
    });
    expect(parseTransactionFilterParams(new URLSearchParams("type=bogus&from=2026-02-30&to=0000-01-01&cursor=ord_01ABC"))).toEqual({
      type: undefined,
      from: undefined,
      to: undefined,
      cursor: undefined,
    });
  });

  it("makes `to` inclusive of the whole UTC day", () => {
    const filter = transactionFilterOf({ type: "order", from: "2026-11-01", to: "2026-11-01" });
    expect(filter).toEqual({ type: "order", from: new Date("2026-11-01T00:00:00.000Z"), to: new Date("2026-11-01T23:59:59.999Z"), cursor: undefined });
  });
});
