import type { z } from "zod";

/**
 * Where `actual` would serialise differently from `expected`, as a dotted path ("" for the top), or
 * null when their JSON is the same. Key order and keys holding undefined do not count, as JSON.stringify
 * drops and reorders nothing that a client could tell apart.
 */
export function jsonDifference(actual: unknown, expected: unknown, path = ""): string | null {
  if (actual === expected) return null;
  if (actual instanceof Date && expected instanceof Date) return actual.getTime() === expected.getTime() ? null : path;
  if (typeof actual !== "object" || typeof expected !== "object" || actual === null || expected === null) return path;
  if (Array.isArray(actual) !== Array.isArray(expected)) return path;
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (Array.isArray(actual)) {
    const list = expected as unknown[];
    if (actual.length !== list.length) return path;
    for (let i = 0; i < actual.length; i++) {
      const found = jsonDifference(actual[i], list[i], at(String(i)));
      if (found !== null) return found;
    }
    return null;
  }
  const left = actual as Record<string, unknown>;
  const right = expected as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (left[key] === undefined && right[key] === undefined) continue;
    const found = jsonDifference(left[key], right[key], at(key));
    if (found !== null) return found;
  }
  return null;
}

/**
 * Checks that an answer is already what its schema makes of it: valid, with no field the schema would
 * strip and no default it would fill in. The answer itself is sent, so production, which skips this
 * walk, sends the very same JSON. Runs where CHECK_API_RESPONSES is on (the test suites, development).
 */
export function checkResponse<T>(schema: z.ZodType, body: T): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`The answer does not match its schema at "${issue.path.join(".")}": ${issue.message}`);
  }
  const difference = jsonDifference(body, result.data);
  if (difference !== null)
    throw new Error(`The answer differs from its schema's output at "${difference}" (a field outside the schema, or a default not filled in).`);
  return body;
}
