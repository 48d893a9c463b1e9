import { describe, expect, it } from "vitest";
import { nextWatchDelayMs } from "./watch-job";

describe("the chain watcher's back-off", () => {
  it("polls at the interval while TronGrid answers, doubles after each throttled scan, and caps at 10 minutes", () => {
    expect(nextWatchDelayMs(15_000, 0)).toBe(15_000);
    expect(nextWatchDelayMs(15_000, 1)).toBe(30_000);
    expect(nextWatchDelayMs(15_000, 3)).toBe(120_000);
    expect(nextWatchDelayMs(15_000, 12)).toBe(600_000);
  });

  it("waits at least as long as Retry-After asks", () => {
    expect(nextWatchDelayMs(15_000, 1, 90_000)).toBe(90_000);
    expect(nextWatchDelayMs(15_000, 1, 1_000)).toBe(30_000);
  });
});
