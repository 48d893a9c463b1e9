/**
 * A string as an SQL string literal, for the few statements that must carry a constant rather than a
 * parameter. standard_conforming_strings (on since Postgres 9.1) leaves backslashes alone, so doubling
 * the single quotes is all the quoting there is.
 */
export function quoteText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
