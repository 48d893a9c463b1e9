/** Display helpers shared by pages and presentational components (no data access). */

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const dateOnly = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });

/** "21 Nov 2026, 10:15 UTC": the server renders pages, so times are shown in UTC, said so. */
export function formatDateTime(value: Date | string): string {
  return `${dateTime.format(new Date(value))} UTC`;
}

const timeOfDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "10:15 UTC" for a time earlier on the same UTC day, as formatDateTime otherwise: a time of day alone would read as today's. */
export function formatTimeSince(value: Date, now: Date = new Date()): string {
  const sameDay = value.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  return sameDay ? `${timeOfDay.format(value)} UTC` : formatDateTime(value);
}

export function formatDate(value: Date | string): string {
  return dateOnly.format(new Date(value));
}

/** A signed amount for display: "+25.50" for credits, "-19.40" for debits. */
export function signedAmount(amount: string): string {
  return amount.startsWith("-") ? amount : `+${amount}`;
}

/** A wait or an age in its largest two units: "45 s", "4 min", "2 h 5 min", "3 d 4 h". */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
