/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Free text
 * that a spreadsheet would read as a formula (=, +, -, @, tab, CR) gets a leading apostrophe; money
 * and ids are not free text, so "-19.40" stays a number.
 */
export function csvCell(value: string, { text = false }: { text?: boolean } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells already made with csvCell, ended with CRLF as RFC 4180 asks. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(",")}\r\n`;
}
