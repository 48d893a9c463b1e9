import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { LedgerEntry } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { characterCount } from "@/lib/text/characters";
import { HIDDEN_CHARACTER_MESSAGE, hasHiddenCharacter } from "@/lib/text/hidden-characters";
import { postLedgerEntry } from "./post-entry";

export const MAX_ADJUSTMENT_NOTE = 500;

/**
 * The reseller reads the note as the transaction's description, in the panel and through the API: a
 * direction override would show `\u202Eevil` as "live" there.
 */
export const adjustmentNoteSchema = z
  .string()
  .trim()
  .min(1, "Add a note: it is shown to the reseller as the transaction's description.")
  .refine((note) => characterCount(note) <= MAX_ADJUSTMENT_NOTE, `Use at most ${MAX_ADJUSTMENT_NOTE} characters.`)
  .refine((note) => !hasHiddenCharacter(note), HIDDEN_CHARACTER_MESSAGE);

/** An operator's manual credit or debit, recorded as an `adjustment` with the operator's note. */
export async function adjustBalance(
  db: Db,
  input: { userId: string; amount: bigint; note: string; adminId?: string | null },
): Promise<LedgerEntry> {
  if (input.amount === 0n) throw new AppError("validation_error", "The amount must not be zero.", { issues: [{ path: "amount", message: "must not be zero" }] });
  const note = adjustmentNoteSchema.safeParse(input.note);
  if (!note.success) {
    const message = note.error.issues[0].message;
    throw new AppError("validation_error", message, { issues: [{ path: "note", message }] });
  }
  return db.transaction((tx) =>
    postLedgerEntry(tx, { userId: input.userId, type: "adjustment", amount: input.amount, description: note.data, createdBy: input.adminId ?? null }),
  );
}
