import { describe, expect, it } from "vitest";
import { parseBulkLines } from "./bulk-order";

describe("a bulk order's lines", () => {
  it("take `sku,quantity`, `sku quantity`, a tab or a semicolon, and a bare sku as one; the header and blank lines are skipped", () => {
    const { lines, refused } = parseBulkLines("sku,quantity\r\n giftcard-steam-us-10,3 \n\ngamekey-a 2\ngamekey-b\t4\ngamekey-c;5\ngiftcard-psn-us-25\n");
    expect(refused).toEqual([]);
    expect(lines.map(({ line, sku, quantity }) => [line, sku, quantity])).toEqual([
      [2, "giftcard-steam-us-10", 3],
      [4, "gamekey-a", 2],
      [5, "gamekey-b", 4],
      [6, "gamekey-c", 5],
      [7, "giftcard-psn-us-25", 1],
    ]);
    expect(lines[0].text).toBe("giftcard-steam-us-10,3");
  });

  it("refuse a line that is no sku, or whose quantity is not a whole number of at least 1, saying which line", () => {
    const { lines, refused } = parseBulkLines("Steam_Card,1\ngiftcard-a,0\ngiftcard-b,1.5\ngiftcard-c,-2\ngiftcard-d,1e3\ngiftcard-e,2");
    expect(lines.map((line) => line.sku)).toEqual(["giftcard-e"]);
    expect(refused.map(({ line, reason }) => [line, reason])).toEqual([
      [1, "Not a sku: use 3 to 80 letters, digits and dashes."],
      [2, "The quantity must be a whole number of at least 1."],
      [3, "The quantity must be a whole number of at least 1."],
      [4, "The quantity must be a whole number of at least 1."],
      [5, "The quantity must be a whole number of at least 1."],
    ]);
  });
});
