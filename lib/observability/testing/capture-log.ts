/**
 * Sends what the process's logger writes (lib/observability/logger.ts) to a buffer until `restore`:
 * the lines parsed, and the raw text for a search.
 */
export function captureLog(): { lines: () => Record<string, unknown>[]; text: () => string; restore: () => void } {
  const cache = globalThis as unknown as { __logRedirect?: { write(line: string): unknown } | null };
  let written = "";
  cache.__logRedirect = { write: (line: string) => (written += line) };
  return {
    lines: () =>
      written
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => written,
    restore: () => {
      cache.__logRedirect = null;
    },
  };
}
