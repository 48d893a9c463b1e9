import { describe, expect, it } from "vitest";
import { tariffInputSchema } from "./manage-tariffs";

const withDiscount = (giftcard: string) => tariffInputSchema.safeParse({ tier: "Gold", price: "149.00", discounts: { giftcard } });

describe("the tariff form's discounts", () => {
  it("take percentages below 100, with up to 4 decimals", () => {
    for (const percent of ["0", "3.5", "99.9999"]) expect(withDiscount(percent).success, percent).toBe(true);
  });

  it("refuse 100 and more, which would give products away", () => {
    for (const percent of ["100", "100.0", "150"]) {
      const result = withDiscount(percent);
      expect(result.success, percent).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["discounts", "giftcard"], message: "Less than 100: nothing is given away." });
    }
  });
});
