import { describe, expect, it } from "vitest";
import { RATE_CATEGORIES } from "./categories";
import {
  checkApiRateLimit,
  checkLoginRateLimit,
  checkPasswordCheckRateLimit,
  checkRegistrationRateLimit,
  checkSecondFactorRateLimit,
  createRateLimitStore,
  peekApiRateLimit,
} from "./limiter";
import { MemoryRateLimitStore } from "./memory-store";
import type { RateLimitStore } from "./store";
import { captureLog } from "@/lib/observability/testing/capture-log";

/** What the rate limiter warned, line by line. */
const warnings = (log: ReturnType<typeof captureLog>) =>
  log
    .lines()
    .filter((line) => line.level === 40)
    .map((line) => String(line.msg));

/** A store that cannot be asked; each test takes its own, since an outage is remembered per store. */
const brokenStore = (): RateLimitStore => ({ hit: () => Promise.reject(new Error("boom")), peek: () => Promise.reject(new Error("boom")) });

describe("checkApiRateLimit", () => {
  it("applies the category limit times the multiplier", async () => {
    const store = new MemoryRateLimitStore();
    const limit = RATE_CATEGORIES.payment_write.limit * 2;
    for (let i = 0; i < limit; i++) expect((await checkApiRateLimit("payment_write", "key1", 2, store)).allowed).toBe(true);
    expect(await checkApiRateLimit("payment_write", "key1", 2, store)).toMatchObject({ allowed: false, limit, remaining: 0 });
    // Separate budgets per category and per subject.
    expect((await checkApiRateLimit("catalog_read", "key1", 2, store)).allowed).toBe(true);
    expect((await checkApiRateLimit("payment_write", "key2", 2, store)).allowed).toBe(true);
  });

  it("fails open, marked unavailable, with one warning when the store throws", async () => {
    const warn = captureLog();
    try {
      expect(await checkApiRateLimit("order_create", "key1", 3, brokenStore())).toEqual({
        allowed: true,
        limit: 180,
        remaining: 180,
        resetSeconds: 0,
        retryAfterSeconds: 0,
        unavailable: true,
      });
      expect(warnings(warn)).toHaveLength(1);
    } finally {
      warn.restore();
    }
  });

  it("answers from a store in this process at once, counting as its promise does, and fails open the same way", async () => {
    const store = new MemoryRateLimitStore();
    const first = checkApiRateLimit("catalog_read", "key1", 1, store);
    expect(first).not.toBeInstanceOf(Promise);
    expect(first).toMatchObject({ allowed: true, limit: 30, remaining: 29 });
    expect(await store.hit("api:catalog_read:key1", 30, 60_000)).toMatchObject({ remaining: 28 });

    const warn = captureLog();
    try {
      const failing: RateLimitStore = {
        ...brokenStore(),
        hitNow: () => {
          throw new Error("boom");
        },
      };
      expect(checkApiRateLimit("order_create", "key1", 3, failing)).toEqual({
        allowed: true,
        limit: 180,
        remaining: 180,
        resetSeconds: 0,
        retryAfterSeconds: 0,
        unavailable: true,
      });
      expect(warnings(warn)).toHaveLength(1);
    } finally {
      warn.restore();
    }
  });

  it("logs an outage once when it starts and once when it ends, with the requests it let through", async () => {
    const warn = captureLog();
    let down = true;
    const memory = new MemoryRateLimitStore();
    const flaky: RateLimitStore = {
      hit: (...args) => (down ? Promise.reject(new Error("connection refused")) : memory.hit(...args)),
      peek: (...args) => (down ? Promise.reject(new Error("connection refused")) : memory.peek(...args)),
    };
    try {
      for (let i = 0; i < 40; i++) expect(await checkApiRateLimit("catalog_read", "key1", 1, flaky)).toMatchObject({ allowed: true, unavailable: true });
      await peekApiRateLimit("catalog_read", "key1", 1, flaky);
      expect(await checkLoginRateLimit("10.0.0.9", flaky)).toMatchObject({ allowed: false, unavailable: true });
      expect(warnings(warn)).toEqual([expect.stringMatching(/^rate limits unavailable \(connection refused\): API requests are let through uncounted/)]);
      down = false;
      expect(await checkApiRateLimit("catalog_read", "key1", 1, flaky)).toEqual({
        allowed: true,
        limit: 30,
        remaining: 29,
        resetSeconds: 0,
        retryAfterSeconds: 0,
      });
      expect(warnings(warn)[1]).toMatch(/^rate limits back after \d+ s: 40 API requests were let through uncounted and 1 attempts refused meanwhile$/);
      await checkApiRateLimit("catalog_read", "key1", 1, flaky);
      expect(warnings(warn)).toHaveLength(2);
    } finally {
      warn.restore();
    }
  });
});

describe("peekApiRateLimit", () => {
  it("shows the subject's budget in the category without spending it", async () => {
    const store = new MemoryRateLimitStore();
    await checkApiRateLimit("catalog_read", "key1", 1, store);
    for (let i = 0; i < 3; i++) expect(await peekApiRateLimit("catalog_read", "key1", 1, store)).toMatchObject({ allowed: true, limit: 30, remaining: 29 });
    expect(await checkApiRateLimit("catalog_read", "key1", 1, store)).toMatchObject({ remaining: 28 });
    expect(await peekApiRateLimit("order_create", "key1", 2, store)).toMatchObject({ limit: 120, remaining: 120 });
  });

  it("fails open, showing the whole budget, when the store throws", async () => {
    const warn = captureLog();
    try {
      expect(await peekApiRateLimit("account_read", "key1", 1, brokenStore())).toEqual({
        allowed: true,
        limit: 30,
        remaining: 30,
        resetSeconds: 0,
        retryAfterSeconds: 0,
        unavailable: true,
      });
      expect(warnings(warn)).toHaveLength(1);
    } finally {
      warn.restore();
    }
  });
});

describe("checkLoginRateLimit", () => {
  it("allows 10 attempts per IP", async () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 10; i++) expect((await checkLoginRateLimit("10.0.0.1", store)).allowed).toBe(true);
    expect(await checkLoginRateLimit("10.0.0.1", store)).toMatchObject({ allowed: false, retryAfterSeconds: 900 });
    expect((await checkLoginRateLimit("10.0.0.2", store)).allowed).toBe(true);
  });

  it("fails closed when the store throws", async () => {
    const warn = captureLog();
    try {
      expect(await checkLoginRateLimit("10.0.0.1", brokenStore())).toEqual({
        allowed: false,
        limit: 10,
        remaining: 0,
        resetSeconds: 60,
        retryAfterSeconds: 60,
        unavailable: true,
      });
    } finally {
      warn.restore();
    }
  });
});

describe("createRateLimitStore", () => {
  it("uses memory without a Redis URL", () => {
    expect(createRateLimitStore()).toBeInstanceOf(MemoryRateLimitStore);
  });
});

describe.each([
  { name: "checkPasswordCheckRateLimit", what: "checks per account", check: checkPasswordCheckRateLimit, subject: "usr_a", other: "usr_b" },
  { name: "checkSecondFactorRateLimit", what: "two-factor codes per account", check: checkSecondFactorRateLimit, subject: "usr_a", other: "usr_b" },
  { name: "checkRegistrationRateLimit", what: "new accounts per IP", check: checkRegistrationRateLimit, subject: "10.0.0.1", other: "10.0.0.2" },
])("$name", ({ what, check, subject, other }) => {
  it(`allows 10 ${what}, counted apart from the sign-ins, and fails closed`, async () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 10; i++) expect((await check(subject, store)).allowed).toBe(true);
    expect(await check(subject, store)).toMatchObject({ allowed: false, retryAfterSeconds: 900 });
    expect((await check(other, store)).allowed).toBe(true);
    expect((await checkLoginRateLimit(subject, store)).allowed).toBe(true);
    const warn = captureLog();
    try {
      expect(await check(subject, brokenStore())).toMatchObject({ allowed: false, unavailable: true });
    } finally {
      warn.restore();
    }
  });
});
