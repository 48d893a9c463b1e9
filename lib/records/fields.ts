import { z } from "zod";

/*
 * The fields every record is written with, in the API's answers, webhook payloads and exports alike:
 * the domains' serializers build their records from these, and the API's schemas document them.
 */

/** As formatMoney writes it (API.md): 2 to 6 fraction digits, with no trailing zero past the second. */
export const moneyString = z
  .string()
  .regex(/^-?\d+\.\d{2}(\d{0,3}[1-9])?$/)
  .meta({ description: "US dollars as a decimal string (USDT counts 1:1), 2 to 6 fraction digits, no trailing zero past the second.", example: "12.50" });

export const timestampString = z.iso.datetime().meta({ example: "2026-11-21T10:15:30.123Z" });
