import { describe, expect, it } from "vitest";
import { planStockUpload, stockUploadQuestion } from "./stock-lines";

describe("the stock upload's question", () => {
  it("names the product and how many codes go in, with the duplicates and invalid lines left out", () => {
    const plan = planStockUpload("code,pin,serial\nAAA-1,1234\nAAA-2\nAAA-1,9999\nbad code\n\nAAA-3,5555,SN-1\n");
    expect(plan).toEqual({ codes: 3, duplicates: 1, invalid: [5] });
    expect(stockUploadQuestion("Xbox Gift Card 15 EUR", plan)).toBe("Add 3 codes to Xbox Gift Card 15 EUR? Left out: 1 duplicate, 1 invalid line (line 5).");
  });

  it("asks about one code plainly, and counts many left-out lines without listing them all", () => {
    expect(stockUploadQuestion("Steam 10 USD", planStockUpload("ONLY-1"))).toBe("Add 1 code to Steam 10 USD?");
    const bad = Array.from({ length: 12 }, () => "not a code").join("\n");
    expect(stockUploadQuestion("Steam 10 USD", planStockUpload(`${bad}\nOK-1\nOK-1\nOK-1`))).toBe(
      "Add 1 code to Steam 10 USD? Left out: 2 duplicates, 12 invalid lines (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …).",
    );
  });

  it("finds nothing to add in an empty box or one of invalid lines only", () => {
    expect(planStockUpload(" \n").codes).toBe(0);
    expect(planStockUpload("bad code\nalso bad").codes).toBe(0);
  });
});
