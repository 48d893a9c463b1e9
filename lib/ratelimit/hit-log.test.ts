import { describe, expect, it } from "vitest";
import { HitLog } from "./hit-log";

const live = (log: HitLog) => Array.from({ length: log.count }, (_, i) => log.at(i));

describe("HitLog", () => {
  it("drops the hits at or before the cutoff and keeps the rest in order", () => {
    const log = new HitLog();
    for (const ms of [10, 20, 30, 40]) log.add(ms);
    log.dropUntil(20);
    expect(live(log)).toEqual([30, 40]);
    log.add(50);
    expect(live(log)).toEqual([30, 40, 50]);
  });

  it("reads the same before and after the expired hits are cut off the array", () => {
    const log = new HitLog();
    for (let ms = 1; ms <= 1000; ms++) log.add(ms);
    // 499 expired of 1000: skipped by the offset, still in the array.
    log.dropUntil(499);
    expect(log.count).toBe(501);
    expect([log.at(0), log.at(500)]).toEqual([500, 1000]);
    // Half or more expired: the array is cut, and the reads do not change.
    log.dropUntil(500);
    expect(log.count).toBe(500);
    expect([log.at(0), log.at(499)]).toEqual([501, 1000]);
    log.add(1001);
    expect([log.count, log.at(0), log.at(500)]).toEqual([501, 501, 1001]);
  });

  it("is empty once every hit expired, and fills again", () => {
    const log = new HitLog();
    for (const ms of [1, 2, 3]) log.add(ms);
    log.dropUntil(3);
    expect(log.count).toBe(0);
    log.add(4);
    expect(live(log)).toEqual([4]);
  });

  it("keeps a hit stamped before the newest (the clock stepped back) in order, never among the expired", () => {
    const log = new HitLog();
    for (const ms of [10, 20, 30, 40]) log.add(ms);
    log.dropUntil(15);
    log.add(25);
    expect(live(log)).toEqual([20, 25, 30, 40]);
    log.add(5);
    expect(live(log)).toEqual([5, 20, 25, 30, 40]);
  });

  it("holds a window of hundreds of thousands, as a limit raised for load tests does", () => {
    const log = new HitLog();
    const window = 60_000;
    for (let ms = 0; ms < 3 * window; ms++) {
      for (let k = 0; k < 4; k++) {
        log.dropUntil(ms - window);
        log.add(ms);
      }
    }
    expect(log.count).toBe(4 * window);
    expect([log.at(0), log.at(log.count - 1)]).toEqual([2 * window, 3 * window - 1]);
  });
});
