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

export type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

/** searchParam of one name, from a page's searchParams or a route handler's URLSearchParams. */
export function searchParamOf(params: SearchParams, name: string): string | undefined {
  return searchParam(params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name]);
}

/** A query string of these values (without the leading "?"), empty ones left out, for a filtered list's links. */
export function filterQuery(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  return query.toString();
}
