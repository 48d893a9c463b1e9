import { describe, expect, it } from "vitest";
import { tariffChanges } from "./tariff-changes";

const categories = ["giftcard", "gamekey", "manual"];
const labels = { giftcard: "Gift cards", gamekey: "Game keys", manual: "Manual orders" };
const saved = { price: "49.00", discounts: { giftcard: "3.5", gamekey: "10" } };

describe("what saving a tariff changes", () => {
  it("names the price and each discount that change, with what they were", () => {
    expect(tariffChanges(saved, { price: "39", discounts: { giftcard: "5", gamekey: "10", manual: "2" } }, categories, labels)).toEqual([
      "39.00 USD a month (was 49.00)",
      "Gift cards 5% (was 3.5%)",
      "Manual orders 2% (was 0%)",
    ]);
  });

  it("reads the same tariff written another way as no change, as it is stored", () => {
    expect(tariffChanges(saved, { price: "49", discounts: { giftcard: "03.50", gamekey: "10.0", manual: "" } }, categories, labels)).toEqual([]);
  });

  it("shows text that is no number as typed", () => {
    expect(tariffChanges(saved, { price: "49.999.1", discounts: { giftcard: "lots", gamekey: "10" } }, categories, labels)).toEqual([
      "49.999.1 USD a month (was 49.00)",
      "Gift cards lots% (was 3.5%)",
    ]);
  });
});
