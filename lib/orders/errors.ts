/** Postgres reports a unique violation with SQLSTATE 23505; drizzle wraps the driver's error as its cause. */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return e.constraint_name ?? e.constraint ?? "";
  }
  return null;
}
