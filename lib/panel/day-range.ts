const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A yyyy-mm-dd from a date input, or undefined for anything else. Postgres has no year 0, so a date
 * there would fail the page's query rather than filter nothing.
 */
export function parseDay(text: string | undefined): string | undefined {
  if (!text || !DAY.test(text) || text.startsWith("0000")) return undefined;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? undefined : text;
}

/** The times a From and To day stand for: `to` is a whole UTC day, so it ends at the day's last millisecond. */
export function dayRange(days: { from?: string; to?: string }): { from?: Date; to?: Date } {
  return {
    from: days.from ? new Date(`${days.from}T00:00:00.000Z`) : undefined,
    to: days.to ? new Date(`${days.to}T23:59:59.999Z`) : undefined,
  };
}
