/**
 * The clock the subscription worker reads. Domain functions take `now` directly; the job handler has
 * no caller to pass one, so tests swap this clock to move time for it.
 */
let override: (() => Date) | null = null;

export function subscriptionNow(): Date {
  return override ? override() : new Date();
}

/** For tests: a fixed or moving clock; null restores the real one. */
export function setSubscriptionClock(clock: (() => Date) | Date | null): void {
  override = clock === null ? null : clock instanceof Date ? () => clock : clock;
}
