import { describe, expect, it } from "vitest";
import { nameSchema } from "./schemas";

describe("a reseller's name", () => {
  it("refuses direction overrides and control characters, which would change how the admin's lists read", () => {
    for (const name of ["\u202eevil\u202c Shop", "Shop\u001b[31m", "Shop\u200b"]) {
      expect(nameSchema.safeParse(name).error?.issues[0].message, JSON.stringify(name)).toBe("Use letters, digits, spaces and punctuation only.");
    }
  });

  it("takes any script, accents and emoji", () => {
    for (const name of ["Café Shop", "חנות", "متجر", "Shop 👩‍👩‍👧‍👦"]) expect(nameSchema.parse(` ${name} `)).toBe(name);
  });
});
