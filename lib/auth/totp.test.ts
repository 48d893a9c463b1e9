import { describe, expect, it } from "vitest";
import { groupedSecret, hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri, parseTypedCode, totpCode, totpStep } from "./totp";

// RFC 6238's SHA-1 test key ("12345678901234567890") in base32, and its published 8-digit values' last six digits.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP codes", () => {
  it("are RFC 6238's: SHA-1, 30-second steps, 6 digits", () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
  });

  it("accept the current step and one either side, no further", () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    const codeAt = (offset: number) => totpCode(secret, now + offset * 30_000);
    expect(matchTotp(secret, codeAt(0), null, now)).toBe(step);
    expect(matchTotp(secret, codeAt(-1), null, now)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(1), null, now)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(-2), null, now)).toBeNull();
    expect(matchTotp(secret, codeAt(2), null, now)).toBeNull();
  });

  it("refuse a code whose step was already used, or an earlier one, and take a later one", () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    const code = totpCode(secret, now);
    expect(matchTotp(secret, code, step - 1, now)).toBe(step);
    expect(matchTotp(secret, code, step, now)).toBeNull();
    // Still within its window 30 seconds on, and still refused.
    expect(matchTotp(secret, code, step, now + 30_000)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now - 30_000), step, now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), step, now + 30_000)).toBe(step + 1);
  });

  it("refuse anything but six digits, and another secret's code", () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const code = totpCode(secret, now);
    for (const typed of ["", "12345", "1234567", "abcdef", ` ${code}`, `${code}0`]) expect(matchTotp(secret, typed, null, now), typed).toBeNull();
    expect(matchTotp(newTotpSecret(), code, null, now)).toBeNull();
  });

  it("go to apps as an otpauth:// URI naming the panel and the account", () => {
    const uri = new URL(otpauthUri(RFC_SECRET, "shop@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Reseller Panel:shop@example.com");
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: RFC_SECRET, issuer: "Reseller Panel", algorithm: "SHA1", digits: "6", period: "30" });
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });
});

describe("recovery codes", () => {
  it("are ten, distinct, in groups of four without look-alike characters, and hash as typed in any form", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(parseTypedCode(code)).toEqual({ kind: "recovery", code: code.replace(/-/g, "") });
      expect(hashRecoveryCode(code.toLowerCase().replace(/-/g, " "))).toBe(hashRecoveryCode(code));
    }
  });

  it("are told apart from app codes and from what is neither", () => {
    expect(parseTypedCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
    expect(parseTypedCode("abcd-efgh-jkmn")).toEqual({ kind: "recovery", code: "ABCDEFGHJKMN" });
    for (const typed of ["", "12345", "ABCD-EFGH-JKM0", "ABCD-EFGH-JKMNP", "ABCD-EFGH-JKM1", "<script>"]) expect(parseTypedCode(typed), typed).toBeNull();
  });
});
