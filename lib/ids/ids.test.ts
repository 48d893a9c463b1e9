import { describe, expect, it } from "vitest";
import { isIdOf, newId } from "./ids";

describe("isIdOf", () => {
  it("accepts a new id of its kind and refuses other kinds and anything malformed", () => {
    const id = newId("pay");
    expect(isIdOf("pay", id)).toBe(true);
    expect(isIdOf("ord", id)).toBe(false);
    for (const text of ["", "pay_", "pay_\u0000", id.toLowerCase(), `${id}0`, id.slice(0, -1), "pay_0000000000000000000000000I"]) {
      expect(isIdOf("pay", text), JSON.stringify(text)).toBe(false);
    }
  });
});
