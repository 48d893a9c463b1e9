import type { z } from "zod";
import { validationError } from "@/lib/errors/app-error";
import { apiIssueMessages, zodIssuesToValidation } from "./errors";

/** The most an API body (or a panel form, unless its action says more) may hold. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Deeper than any operation's input; a limit also keeps the search below from running out of stack. */
const MAX_INPUT_DEPTH = 32;
const NUL_MESSAGE = "Must not contain a NUL character.";
const SURROGATE_MESSAGE = "Must be well-formed Unicode: a \\uD800-\\uDFFF escape must be half of a surrogate pair.";

interface InputFault {
  at: string[];
  message: string;
}

/** What Postgres cannot store of a string: a NUL anywhere, a lone surrogate (which JSON can spell) in jsonb. */
function textFault(text: string): string | null {
  if (text.includes("\u0000")) return NUL_MESSAGE;
  return text.isWellFormed() ? null : SURROGATE_MESSAGE;
}

/**
 * Text that Postgres cannot store (textFault) anywhere in the input is refused up front, as is input
 * nested deeper than MAX_INPUT_DEPTH and a `__proto__` key. Returns where the fault is, relative to `value` (a NUL in
 * a key points at the object holding it); the path is only built once one is found, since every
 * call's input is searched.
 */
function findFault(value: unknown, depth = 0): InputFault | null {
  if (typeof value === "string") {
    const message = textFault(value);
    return message ? { at: [], message } : null;
  }
  if (value && typeof value === "object") {
    if (depth === MAX_INPUT_DEPTH) return { at: [], message: `Must not be nested more than ${MAX_INPUT_DEPTH} levels deep.` };
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      // zod drops it from a record without a word (assigning it would set a prototype), so it is refused here as the unknown field it is.
      if (key === "__proto__") return { at: [key], message: "Unknown field." };
      const keyFault = textFault(key);
      if (keyFault) return { at: [], message: keyFault };
      const found = findFault((value as Record<string, unknown>)[key], depth + 1);
      if (found) {
        found.at.unshift(key);
        return found;
      }
    }
  }
  return null;
}

/**
 * Parses input by its zod schema after refusing what no schema should have to: the one reader of the
 * API's path, query and body and of the panel's forms, so both refuse the same input the same way.
 * `root` prefixes the issues' paths ("query", "path"; "" for a body or a form).
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, root: string): z.output<T> {
  const fault = findFault(value);
  if (fault) throw validationError([{ path: (root ? [root, ...fault.at] : fault.at).join("."), message: fault.message }]);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Parsed again for the messages: a context on every parse would cost the calls that pass.
  const refused = schema.safeParse(value, { error: apiIssueMessages });
  throw validationError(zodIssuesToValidation(refused.error ?? result.error, root));
}
