/**
 * One value of a page's query string as its filters take it: the first given, trimmed, or undefined
 * when empty. A value with a NUL character is dropped too: Postgres text cannot hold one, so it would
 * fail the page's query instead of matching nothing.
 */
export function searchParam(value: string | string[] | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" || trimmed.includes("\u0000") ? undefined : trimmed;
}
