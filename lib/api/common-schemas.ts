import { z } from "zod";

export const moneyString = z
  .string()
  .regex(/^-?\d+\.\d{2,6}$/)
  .meta({ description: "US dollars as a decimal string (USDT counts 1:1), 2 to 6 fraction digits.", example: "12.50" });

export const timestampString = z.iso.datetime().meta({ example: "2026-11-21T10:15:30.123Z" });

/**
 * A resource id in a path: ids are prefixed ULIDs, so anything else (a NUL byte, a quote, 500
 * characters) is refused here rather than sent to the database.
 */
export const resourceId = (example: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid id.")
    .meta({ example });

/** ?limit= (1..100, default 50) and ?cursor= on every list. */
export const paginationQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(64).optional(),
});

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() });
}

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: "insufficient_balance" }),
      message: z.string(),
      retryable: z.boolean(),
      request_id: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  })
  .meta({ id: "Error" });
