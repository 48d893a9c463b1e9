import type { Db } from "@/lib/db/client";
import type { LedgerEntry } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { postLedgerEntry } from "./post-entry";

/** An operator's manual credit or debit, recorded as an `adjustment` with the operator's note. */
export async function adjustBalance(
  db: Db,
  input: { userId: string; amount: bigint; note: string; adminId?: string | null },
): Promise<LedgerEntry> {
  const note = input.note.trim();
  if (input.amount === 0n) throw new AppError("validation_error", "The amount must not be zero.", { issues: [{ path: "amount", message: "must not be zero" }] });
  if (!note) throw new AppError("validation_error", "A note is required.", { issues: [{ path: "note", message: "is required" }] });
  return db.transaction((tx) =>
    postLedgerEntry(tx, { userId: input.userId, type: "adjustment", amount: input.amount, description: note, createdBy: input.adminId ?? null }),
  );
}
