const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses "1500ms", "2s", "5m", "1h", "7d" (or a bare number of milliseconds) into milliseconds. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) return null;
  return Math.round(Number(match[1]) * UNIT_MS[match[2] ?? "ms"]);
}
