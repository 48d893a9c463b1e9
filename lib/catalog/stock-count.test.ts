import { describe, expect, it } from "vitest";
import { stockCountText } from "./stock-count";

describe("the admin list's stock count", () => {
  it("is exact below its cap and reads as the cap and more from there", () => {
    expect(stockCountText({ lowStockThreshold: 5 }, 9_999)).toBe("9999");
    expect(stockCountText({ lowStockThreshold: 5 }, 10_000)).toBe("10,000+");
    expect(stockCountText({ lowStockThreshold: 50_000 }, 10_000)).toBe("10000");
    expect(stockCountText({ lowStockThreshold: 50_000 }, 50_001)).toBe("50,001+");
  });
});
