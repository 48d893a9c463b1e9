/** One page of a list, newest first; `nextCursor` is the last id on it when more follow. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * The page out of rows read newest first by id with `limit + 1`: the extra row only tells that more
 * follow, so the cursor is the last id shown. `idOf` finds the id in a row of several records.
 */
export function pageOf<T extends { id: string }>(rows: T[], limit: number): Page<T>;
export function pageOf<T>(rows: T[], limit: number, idOf: (row: T) => string): Page<T>;
export function pageOf<T>(rows: T[], limit: number, idOf: (row: T) => string = (row) => (row as { id: string }).id): Page<T> {
  const data = rows.slice(0, limit);
  return { data, nextCursor: rows.length > limit ? idOf(data[data.length - 1]) : null };
}
