import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "./memory-store";

const MINUTE = 60_000;

/** A store whose clock only moves when the test says so. */
function fakeClockStore(options: { sweepIntervalMs?: number } = {}) {
  let now = 0;
  const store = new MemoryRateLimitStore({ now: () => now, ...options });
  return { store, at: (ms: number) => (now = ms) };
}

describe("MemoryRateLimitStore", () => {
  it("allows `limit` hits, counting down remaining, then refuses", async () => {
    const { store } = fakeClockStore();
    for (let i = 1; i <= 5; i++) {
      const result = await store.hit("k", 5, MINUTE);
      expect(result).toMatchObject({ allowed: true, limit: 5, remaining: 5 - i, retryAfterSeconds: 0 });
      expect(result.resetSeconds).toBe(i < 5 ? 0 : 60);
    }
    expect(await store.hit("k", 5, MINUTE)).toEqual({
      allowed: false,
      limit: 5,
      remaining: 0,
      resetSeconds: 60,
      retryAfterSeconds: 60,
    });
  });

  it("sets retryAfter to the seconds until the oldest hit leaves the window", async () => {
    const { store, at } = fakeClockStore();
    for (let s = 0; s < 30; s++) {
      at(s * 1000);
      expect((await store.hit("k", 30, MINUTE)).allowed).toBe(true);
    }
    at(30_000);
    const refused = await store.hit("k", 30, MINUTE);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 30, resetSeconds: 30 });

    at(30_500);
    expect((await store.hit("k", 30, MINUTE)).retryAfterSeconds).toBe(30); // 29.5 s, rounded up
  });

  it("slides: once the oldest hit expires exactly one more is admitted", async () => {
    const { store, at } = fakeClockStore();
    for (let s = 0; s < 3; s++) {
      at(s * 1000);
      await store.hit("k", 3, MINUTE);
    }
    at(59_999);
    expect((await store.hit("k", 3, MINUTE)).allowed).toBe(false);
    at(60_000);
    expect(await store.hit("k", 3, MINUTE)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1 });
    expect(await store.hit("k", 3, MINUTE)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it("peek reports the budget as it stands and counts nothing", async () => {
    const { store, at } = fakeClockStore();
    expect(await store.peek("k", 3, MINUTE)).toEqual({ allowed: true, limit: 3, remaining: 3, resetSeconds: 0, retryAfterSeconds: 0 });
    expect(store.size).toBe(0);
    await store.hit("k", 3, MINUTE);
    for (let i = 0; i < 5; i++) expect(await store.peek("k", 3, MINUTE)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 0 });
    at(10_000);
    await store.hit("k", 3, MINUTE);
    await store.hit("k", 3, MINUTE);
    expect(await store.peek("k", 3, MINUTE)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 50, retryAfterSeconds: 50 });
    at(60_000);
    expect(await store.peek("k", 3, MINUTE)).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 0 });
  });

  it("keeps keys independent", async () => {
    const { store } = fakeClockStore();
    await store.hit("a", 1, MINUTE);
    expect((await store.hit("a", 1, MINUTE)).allowed).toBe(false);
    expect(await store.hit("b", 1, MINUTE)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("does not count refused hits", async () => {
    const { store, at } = fakeClockStore();
    await store.hit("k", 2, MINUTE);
    at(5_000);
    await store.hit("k", 2, MINUTE);
    at(10_000);
    for (let i = 0; i < 100; i++) expect((await store.hit("k", 2, MINUTE)).allowed).toBe(false);
    // Only the hit at 0 s has left; had the refusals at 10 s counted, the key would still be full.
    at(60_000);
    expect(await store.hit("k", 2, MINUTE)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("uses the hit that brings the count under a lowered limit for retryAfter", async () => {
    const { store, at } = fakeClockStore();
    for (let s = 0; s < 4; s++) {
      at(s * 1000);
      await store.hit("k", 10, MINUTE);
    }
    at(4_000);
    // Four hits at 0..3 s against a limit of 2: admission needs the hits at 0, 1 and 2 s gone.
    expect((await store.hit("k", 2, MINUTE)).retryAfterSeconds).toBe(58);
  });

  it("never asks for more than the window, even after the clock stepped back", async () => {
    const { store, at } = fakeClockStore();
    at(100_000);
    await store.hit("k", 1, MINUTE);
    at(70_000);
    expect(await store.hit("k", 1, MINUTE)).toMatchObject({ allowed: false, resetSeconds: 60, retryAfterSeconds: 60 });
  });

  it("drops keys whose hits have all expired", async () => {
    const { store, at } = fakeClockStore({ sweepIntervalMs: MINUTE });
    await store.hit("old", 5, 1000);
    await store.hit("other", 5, 10 * MINUTE);
    expect(store.size).toBe(2);
    at(MINUTE);
    await store.hit("new", 5, 1000);
    expect(store.size).toBe(2); // "old" swept; "other" still inside its window
    at(11 * MINUTE);
    await store.hit("new", 5, 1000);
    expect(store.size).toBe(1);
  });

  it("rejects a non-positive limit or window", async () => {
    const { store } = fakeClockStore();
    await expect(store.hit("k", 0, MINUTE)).rejects.toThrow(RangeError);
    await expect(store.hit("k", 1, 0)).rejects.toThrow(RangeError);
  });
});
