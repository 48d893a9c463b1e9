import { z } from "zod";
import { CLAIM_REASONS } from "@/lib/db/schema";
import { characterCount } from "@/lib/text/characters";
import { HIDDEN_CHARACTER_MESSAGE, hasHiddenCharacter, hasHiddenCharacterInMessage, hasVisibleCharacter } from "@/lib/text/hidden-characters";

export const MAX_CLAIM_MESSAGE = 2000;
export const MAX_RESOLUTION_NOTE = 500;

/** A message a person reads as written: line breaks are fine, control characters and direction overrides are not. */
export const claimText = (max: number, missing: string) =>
  z
    .string()
    .trim()
    .refine(hasVisibleCharacter, missing)
    .refine((text) => characterCount(text) <= max, `Use at most ${max} characters.`)
    .refine((text) => !hasHiddenCharacterInMessage(text), "Must not contain control characters or direction overrides.");

/** One line: the reseller reads it beside the claim, integrators in the claim record. */
export const noteText = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .refine((text) => characterCount(text) <= MAX_RESOLUTION_NOTE, `Use at most ${MAX_RESOLUTION_NOTE} characters.`)
    .refine((text) => !hasHiddenCharacter(text), HIDDEN_CHARACTER_MESSAGE);

export const openClaimSchema = z
  .strictObject({
    reason: z.enum(CLAIM_REASONS, { error: `Must be one of ${CLAIM_REASONS.join(", ")}.` }).meta({ example: "code_already_used" }),
    message: claimText(MAX_CLAIM_MESSAGE, "Say what went wrong.").meta({
      description: `What went wrong, at most ${MAX_CLAIM_MESSAGE} characters.`,
      example: "The code says it was already redeemed.",
    }),
  })
  .meta({ id: "ClaimRequest" });

export const claimMessageInput = z.strictObject({
  text: claimText(MAX_CLAIM_MESSAGE, "Write a message.").meta({ example: "Here is a screenshot of the error." }),
});

export const rejectClaimSchema = z.strictObject({ note: noteText("Give the reseller a reason.") });
export const refundNoteSchema = noteText("Say why the money is returned.");
export const replaceClaimSchema = z.strictObject({
  items: z.array(z.number().int().min(0)).min(1).max(1000).optional(),
  note: noteText("Say what was replaced.").optional(),
});
