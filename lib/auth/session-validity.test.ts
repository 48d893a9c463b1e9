import { describe, expect, it } from "vitest";
import { sessionStillValid } from "./session-validity";

const changedAt = new Date("2026-11-24T12:00:00.000Z");

describe("a panel session", () => {
  it("stands for an active account that never changed its password", () => {
    expect(sessionStillValid({ status: "active", sessionsValidAfter: null }, 0)).toBe(true);
  });

  it("ends when the password changes after it was signed in, and a later sign-in stands", () => {
    const account = { status: "active" as const, sessionsValidAfter: changedAt };
    expect(sessionStillValid(account, changedAt.getTime() - 1)).toBe(false);
    expect(sessionStillValid(account, 0)).toBe(false);
    expect(sessionStillValid(account, changedAt.getTime())).toBe(true);
  });

  it("ends when the account is blocked", () => {
    expect(sessionStillValid({ status: "blocked", sessionsValidAfter: null }, Date.now())).toBe(false);
  });
});
