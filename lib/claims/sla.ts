/** How the promised answer reads beside a claim: "5 h 10 min left", "overdue by 2 h 5 min". */
export function timeLeftText(respondBy: Date, now: Date = new Date()): string {
  const ms = respondBy.getTime() - now.getTime();
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  const hours = Math.floor(minutes / 60);
  const span = hours > 0 ? `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}` : `${minutes} min`;
  return ms >= 0 ? `${span} left` : `overdue by ${span}`;
}

export const isOverdue = (respondBy: Date, now: Date = new Date()) => respondBy.getTime() < now.getTime();
