import { isSafePattern } from "redos-detector";

/** A pattern that cannot be judged in this long is refused too: the admin is told to simplify it. */
const CHECK_TIMEOUT_MS = 1000;

/**
 * What is wrong with an admin's pattern for an order field, or null when it may be saved. Every
 * order's fields are matched against their patterns on the server's request thread, so a pattern
 * that can backtrack without bound (repetition inside repetition, such as `^(\w+\s?)+$`, or
 * overlapping alternatives under one) would let a single crafted value stall the server for everyone.
 */
export function fieldPatternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch {
    return "Not a valid regular expression.";
  }
  if (isSafePattern(pattern, { timeout: CHECK_TIMEOUT_MS }).safe) return null;
  return "This pattern can take too long to check on some values (repetition inside repetition, or overlapping choices); simplify it.";
}
