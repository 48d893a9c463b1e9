/** Reads a request's header by name, case-insensitively, as web Headers do. */
export interface HeaderReader {
  get(name: string): string | null;
}
