import { z } from "zod";

/*
 * What a form sends, as schemas: a field left out and a field sent empty both arrive as "", a checkbox
 * as "on" or nothing. The API's schemas take the values after these.
 */

/** A text field; absent reads as "". */
export const textField = z.string().default("");

/** A checkbox: "on" when ticked (its default value), absent when not. */
export const checkboxField = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** An optional text field: blank reads as absent. */
export const optionalTextField = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));
