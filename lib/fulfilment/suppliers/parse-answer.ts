/** An upstream's answer body as JSON; null when it is empty or not JSON, which each connector reads as an answer it cannot use. */
export function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
