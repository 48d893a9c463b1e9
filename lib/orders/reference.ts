import { z } from "zod";
import { hasHiddenCharacter, HIDDEN_CHARACTER_MESSAGE } from "@/lib/text/hidden-characters";

/** An order's `reference`, the integrator's own id for it: up to 64 characters, none of them hidden. */
export const orderReferenceSchema = z
  .string()
  .min(1)
  .max(64, "Use at most 64 characters.")
  .refine((reference) => !hasHiddenCharacter(reference), HIDDEN_CHARACTER_MESSAGE);
