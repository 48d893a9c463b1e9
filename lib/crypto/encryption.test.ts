import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./encryption";

const KEY = "11".repeat(32);
const OTHER = "22".repeat(32);

describe("encryption at rest", () => {
  it("round-trips and never stores the plaintext", () => {
    const stored = encryptSecret("STEAM-AAAA-BBBB-CCCC", KEY);
    expect(stored).not.toContain("STEAM");
    expect(decryptSecret(stored, KEY)).toBe("STEAM-AAAA-BBBB-CCCC");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("same", KEY)).not.toBe(encryptSecret("same", KEY));
  });

  it("refuses a wrong key or a tampered value", () => {
    const stored = encryptSecret("code", KEY);
    expect(() => decryptSecret(stored, OTHER)).toThrow();
    const parts = stored.split(":");
    parts[3] = Buffer.from("other").toString("base64url");
    expect(() => decryptSecret(parts.join(":"), KEY)).toThrow();
  });
});
