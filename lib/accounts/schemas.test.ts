import { describe, expect, it } from "vitest";
import { changePasswordFormSchema, nameSchema } from "./schemas";

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

describe("the password form", () => {
  const issuesOf = (form: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
    Object.fromEntries((changePasswordFormSchema.safeParse(form).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

  it("names every field's mistake at once", () => {
    expect(issuesOf({ currentPassword: "", newPassword: "short", confirmPassword: "other" })).toEqual({
      currentPassword: "Enter your current password.",
      newPassword: "Use at least 10 characters.",
      confirmPassword: "The two new passwords differ.",
    });
  });

  it("takes a current password, a long enough new one and its repetition", () => {
    expect(issuesOf({ currentPassword: "old", newPassword: "second-password-456", confirmPassword: "second-password-456" })).toEqual({});
  });
});
