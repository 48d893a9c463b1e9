/** Whether decodeURIComponent takes the text: a `%` must start a valid UTF-8 escape. */
export function isDecodable(text: string): boolean {
  if (!text.includes("%")) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** The path of a request target, without its query; null for a target that is not a path. */
export function targetPath(target: string | undefined): string | null {
  if (!target?.startsWith("/")) return null;
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}
