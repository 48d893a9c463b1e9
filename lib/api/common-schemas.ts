import { z } from "zod";
import { ERROR_CODES } from "@/lib/errors/app-error";
import { isIdOf, type IdPrefix } from "@/lib/ids/ids";
import { parseMoney } from "@/lib/money/money";

export const MONEY_INPUT_MESSAGE = 'Must be a decimal string of US dollars such as "25.50", with at most 6 fraction digits.';

/**
 * Money in a request (API.md): a JSON string of plain digits, "100", "0.50" or "25.123456". A JSON
 * number is refused, since a float has already lost cents by the time it arrives; so are exponents,
 * signs, padding, a lone dot and leading zeros, which a client's bug writes and no client means.
 * Parses to micro-dollars; at most 12 whole digits, as parseMoney reads.
 */
export const moneyInput = z
  .string({ error: (issue) => (issue.input === undefined ? undefined : MONEY_INPUT_MESSAGE) })
  .regex(/^(0|[1-9][0-9]*)(\.[0-9]{1,6})?$/, { error: MONEY_INPUT_MESSAGE, abort: true })
  .refine((text) => parseMoney(text) !== null, "Must be below 1000000000000.")
  .transform((text) => parseMoney(text)!)
  .meta({
    description:
      'US dollars (USDT counts 1:1) as a JSON string of digits with at most 6 fraction digits, such as "100" or "25.50"; no sign, exponent, padding or leading zero.',
    example: "25.50",
  });

/**
 * A time to filter by: ISO 8601 with any offset, from the year 1 in UTC on, since Postgres has no year 0.
 * A text that is no time stops at the first check, whose message names the usual slip (an offset's +
 * unencoded in a query arrives as a space); the year check would only add a false second issue.
 */
export const filterTime = z.iso
  .datetime({ offset: true, abort: true, error: "Must be an ISO 8601 time with Z or an offset, such as 2026-11-01T00:00:00Z; send an offset's + as %2B." })
  .refine((text) => new Date(text).getUTCFullYear() >= 1, "Must be in the year 1 or later.");

/** ?from= and ?to= of the lists filtered by creation time, both ends inclusive. */
export const createdTimeQuery = {
  from: filterTime.optional().meta({ description: "Created at or after (ISO 8601).", example: "2026-11-01T00:00:00.000Z" }),
  to: filterTime.optional().meta({ description: "Created at or before (ISO 8601).", example: "2026-11-30T23:59:59.999Z" }),
};

/**
 * A resource id in a path: ids are prefixed ULIDs, so anything else (a NUL byte, a quote, 500
 * characters) is refused here rather than sent to the database.
 */
export const resourceId = (example: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid id.")
    .meta({ example });

/**
 * Only plain decimal digits become a number. z.coerce would go through Number(), which also reads
 * "0x10" as 16, "1e1" as 10 and " 5" as 5: a typo would then page by a number nobody wrote.
 */
function decimalDigits(value: unknown): unknown {
  return typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : value;
}

const LIMIT_MESSAGE = "Must be a whole number from 1 to 100.";
const NOT_A_CURSOR = "Not a cursor of this list: pass the next_cursor of the page before.";

/**
 * ?limit= (1..100, default 50) and ?cursor= on every list. A list ordered by id takes as its cursor
 * only an id of its own kind, and one ordered by another key (the catalog, by sku) only a value of
 * that key's pattern, so a cursor from another list, or none at all, is refused rather than read as
 * the end of the list or as a place in it.
 */
export function paginationQuery(cursorOf: IdPrefix | RegExp) {
  const cursor = typeof cursorOf === "string" ? z.string().refine((text) => isIdOf(cursorOf, text), NOT_A_CURSOR) : z.string().regex(cursorOf, NOT_A_CURSOR);
  return z.strictObject({
    limit: z
      .preprocess(
        decimalDigits,
        z.number({ error: LIMIT_MESSAGE }).int({ error: LIMIT_MESSAGE, abort: true }).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).default(50),
      )
      .meta({ description: "How many items a page holds, 1 to 100." }),
    cursor: cursor.optional().meta({ description: "The `next_cursor` of the page before; leave it out for the first page." }),
  });
}

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() });
}

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z
        .enum(ERROR_CODES)
        .meta({ description: "What went wrong, one of the documented codes; switch on it, not on `message`.", example: "insufficient_balance" }),
      message: z.string(),
      retryable: z.boolean(),
      request_id: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  })
  .meta({ id: "Error" });
