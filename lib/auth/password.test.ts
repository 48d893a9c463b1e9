import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstNobody, verifyPassword } from "./password";

const composed = "café-passw0rd";
const decomposed = "cafe\u0301-passw0rd";

describe("passwords", () => {
  it("match however the same characters were typed, composed or decomposed", async () => {
    expect(composed).not.toBe(decomposed);
    expect(await verifyPassword(await hashPassword(composed), decomposed)).toBe(true);
    expect(await verifyPassword(await hashPassword(decomposed), composed)).toBe(true);
  });

  it("still match a hash made from the password as typed, before normalising", async () => {
    expect(await verifyPassword(await hash(decomposed), decomposed)).toBe(true);
  });

  it("refuse a different password, and a malformed hash", async () => {
    expect(await verifyPassword(await hashPassword(composed), "cafe-passw0rd")).toBe(false);
    expect(await verifyPassword("not-a-hash", composed)).toBe(false);
  });

  it("spend as long on an email without an account as on a wrong password, and never match", async () => {
    const known = await hashPassword(composed);
    await verifyAgainstNobody("warm-up");
    let started = performance.now();
    expect(await verifyPassword(known, "wrong-password")).toBe(false);
    const wrong = performance.now() - started;
    started = performance.now();
    expect(await verifyAgainstNobody("wrong-password")).toBe(false);
    const nobody = performance.now() - started;
    expect(nobody).toBeGreaterThan(wrong / 3);
  });
});
