import { describe, expect, it } from "vitest";
import { firstIdAt, isIdOf, newId } from "./ids";

describe("newId", () => {
  it("ids made in a row sort in the order they were made, within a millisecond too", () => {
    const ids = Array.from({ length: 2000 }, () => newId("txn"));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const millisecond = Date.now() + 5;
    const sameMillisecond = Array.from({ length: 50 }, () => newId("ord", millisecond));
    expect([...sameMillisecond].sort()).toEqual(sameMillisecond);
    expect(new Set(sameMillisecond.map((id) => id.slice(4, 14))).size).toBe(1);
    expect(sameMillisecond.every((id) => isIdOf("ord", id))).toBe(true);
  });
});

describe("firstIdAt", () => {
  it("sorts at or before every id made from its time on, and after every id made before it", () => {
    const at = new Date(Date.now() + 20);
    const made = newId("ord", at.getTime());
    const bound = firstIdAt("ord", at);
    expect(isIdOf("ord", bound)).toBe(true);
    expect(bound <= made).toBe(true);
    expect(made < firstIdAt("ord", new Date(at.getTime() + 1))).toBe(true);
    const lastOfMillisecondBefore = firstIdAt("ord", new Date(at.getTime() - 1)).replace(/0{16}$/, "Z".repeat(16));
    expect(lastOfMillisecondBefore < bound).toBe(true);
  });
});

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
