interface PatternText {
  /** Under the field, before anything is typed: "5–12 digits". */
  hint: string;
  /** What a value that does not match must be: "must be 5–12 digits". */
  rule: string;
}

function describe(pattern: string): PatternText {
  const digits = /^\^\[0-9\]\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  if (digits) {
    const count = digits[2] ? `${digits[1]}–${digits[2]} digits` : `${digits[1]} digits`;
    return { hint: count, rule: `must be ${count}` };
  }
  if (pattern === "^@?[A-Za-z0-9_]{4,32}$")
    return { hint: "4–32 letters, digits or _, with or without @", rule: "must be 4–32 letters, digits or _, with or without @" };
  if (pattern === "^[A-Za-z0-9_.-]{3,64}$") return { hint: "3–64 letters, digits, dots, dashes or _", rule: "must be 3–64 letters, digits, dots, dashes or _" };
  if (pattern === "^\\S{3,200}$") return { hint: "No spaces", rule: "must be 3–200 characters without spaces" };
  return { hint: `Format: ${pattern}`, rule: `must match ${pattern}` };
}

/** A friendly hint for the common field patterns ("5–12 digits"); anything else is shown as written. */
export function describePattern(pattern: string | null | undefined): string | null {
  return pattern ? describe(pattern).hint : null;
}

/**
 * The error for a value its pattern refuses, saying what the value must be, in the panel and in the
 * API alike: the hint it replaces under the field is gone once the error shows, and "has the wrong
 * format" left the reseller, or the integrator reading the API's issue, guessing.
 */
export function patternError(label: string, pattern: string): string {
  return `${label} ${describe(pattern).rule}.`;
}
