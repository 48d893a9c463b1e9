/**
 * One key's admitted hits, ascending ms timestamps. Expired hits are skipped by an offset and cut off
 * only once they are half the array, so a hit costs the same however many the window holds: a
 * limit raised for load tests keeps hundreds of thousands of them.
 */
export class HitLog {
  private stamps: number[] = [];
  private start = 0;

  get count(): number {
    return this.stamps.length - this.start;
  }

  /** The index-th hit still in the window, oldest first. */
  at(index: number): number {
    return this.stamps[this.start + index];
  }

  /** A hit stamped exactly at the cutoff has left the window, matching the Redis store's `<= cutoff`. */
  dropUntil(cutoffMs: number): void {
    const { stamps } = this;
    let start = this.start;
    while (start < stamps.length && stamps[start] <= cutoffMs) start++;
    if (start === stamps.length) {
      stamps.length = 0;
      start = 0;
    } else if (start * 2 >= stamps.length) {
      stamps.splice(0, start);
      start = 0;
    }
    this.start = start;
  }

  /** Usually an append; searching from the end keeps the log sorted even if the clock steps back. */
  add(ms: number): void {
    const { stamps } = this;
    let i = stamps.length;
    while (i > this.start && stamps[i - 1] > ms) i--;
    if (i === stamps.length) stamps.push(ms);
    else stamps.splice(i, 0, ms);
  }
}
