import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stockCodeHash } from "./code-hash";

const KEY = "11".repeat(32);
const OTHER = "22".repeat(32);

describe("the stock code's duplicate hash", () => {
  it("is keyed: not the plain SHA-256 a dump could be checked against, and another under another ENCRYPTION_KEY", () => {
    const hash = stockCodeHash("giftcard-steam-us-20", "1234", KEY);
    const plain = createHash("sha256").update("giftcard-steam-us-20\n1234").digest("hex");
    expect(hash).not.toContain(plain);
    expect(hash).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(stockCodeHash("giftcard-steam-us-20", "1234", OTHER)).not.toBe(hash);
  });

  it("is the same for the same code and product under the same key, and another for another product", () => {
    expect(stockCodeHash("giftcard-steam-us-20", "1234", KEY)).toBe(stockCodeHash("giftcard-steam-us-20", "1234", KEY));
    expect(stockCodeHash("giftcard-steam-eu-20", "1234", KEY)).not.toBe(stockCodeHash("giftcard-steam-us-20", "1234", KEY));
  });
});
