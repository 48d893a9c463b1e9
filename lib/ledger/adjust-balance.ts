import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { users, type LedgerEntry } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { formatMoney } from "@/lib/money/money";
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

/**
 * An operator's manual credit or debit, recorded as an `adjustment` with the operator's note. With
 * `expectedBalance` (the balance the operator saw when they confirmed "X → Y"), it is refused when the
 * balance is no longer that: checked under the row's lock, in the adjustment's own transaction, so an
 * order or a second adjustment landing meanwhile cannot slip between the check and the entry.
 */
export async function adjustBalance(
  db: Db,
  input: { userId: string; amount: bigint; note: string; adminId?: string | null; expectedBalance?: bigint },
): Promise<LedgerEntry> {
  if (input.amount === 0n)
    throw new AppError("validation_error", "The amount must not be zero.", { issues: [{ path: "amount", message: "must not be zero" }] });
  const note = adjustmentNoteSchema.safeParse(input.note);
  if (!note.success) {
    const message = note.error.issues[0].message;
    throw new AppError("validation_error", message, { issues: [{ path: "note", message }] });
  }
  return db.transaction(async (tx) => {
    if (input.expectedBalance !== undefined) {
      const [row] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, input.userId)).for("update");
      if (!row) throw notFound("The reseller");
      if (row.balance !== input.expectedBalance) {
        const message = `The balance changed to ${formatMoney(row.balance)} meanwhile. Review the adjustment again.`;
        // Not a field's fault: the admin reviews the adjustment again at the balance named.
        throw new AppError("validation_error", message, { balance: formatMoney(row.balance) });
      }
    }
    return postLedgerEntry(tx, { userId: input.userId, type: "adjustment", amount: input.amount, description: note.data, createdBy: input.adminId ?? null });
  });
}
