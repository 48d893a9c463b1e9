/**
 * A friendly hint for the common field patterns ("5–12 digits"); anything else is shown as written.
 */
export function describePattern(pattern: string | null | undefined): string | null {
  if (!pattern) return null;
  const digits = /^\^\[0-9\]\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  if (digits) return digits[2] ? `${digits[1]}–${digits[2]} digits` : `${digits[1]} digits`;
  if (pattern === "^@?[A-Za-z0-9_]{4,32}$") return "4–32 letters, digits or _, with or without @";
  if (pattern === "^[A-Za-z0-9_.-]{3,64}$") return "3–64 letters, digits, dots, dashes or _";
  if (pattern === "^\\S{3,200}$") return "No spaces";
  return `Format: ${pattern}`;
}
