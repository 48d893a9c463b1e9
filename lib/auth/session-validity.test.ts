import { describe, expect, it } from "vitest";
import { SESSION_MAX_AGE_S } from "./session-lifetime";
import { sessionStillValid } from "./session-validity";

const changedAt = new Date("2026-11-24T12:00:00.000Z");
const now = changedAt.getTime() + 3600_000;
const signedIn = (issuedAt: number) => ({ issuedAt, ended: false });

describe("a panel session", () => {
  it("stands for an active account that never changed its password", () => {
    expect(sessionStillValid({ status: "active", sessionsValidAfter: null }, signedIn(now - 60_000), now)).toBe(true);
  });

  it("ends when the password changes after it was signed in, and a later sign-in stands", () => {
    const account = { status: "active" as const, sessionsValidAfter: changedAt };
    expect(sessionStillValid(account, signedIn(changedAt.getTime() - 1), now)).toBe(false);
    expect(sessionStillValid(account, signedIn(changedAt.getTime()), now)).toBe(true);
  });

  it("ends when the account is blocked", () => {
    expect(sessionStillValid({ status: "blocked", sessionsValidAfter: null }, signedIn(now), now)).toBe(false);
  });

  it("ends when it was signed out, though its cookie still decrypts", () => {
    expect(sessionStillValid({ status: "active", sessionsValidAfter: null }, { issuedAt: now, ended: true }, now)).toBe(false);
  });

  it("ends a week after its sign-in, however often its cookie was renewed", () => {
    const account = { status: "active" as const, sessionsValidAfter: null };
    const week = SESSION_MAX_AGE_S * 1000;
    expect(sessionStillValid(account, signedIn(now - week + 1), now)).toBe(true);
    expect(sessionStillValid(account, signedIn(now - week), now)).toBe(false);
    expect(sessionStillValid(account, signedIn(0), now)).toBe(false);
  });
});
