"use server";

import { redirect } from "next/navigation";
import { requireReseller } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { parseMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";
import { createPayment } from "@/lib/payments/payments";
import { spendPanelBudget } from "@/lib/panel/panel-budget";

export type CreateInvoiceState = ActionState<string> & { values?: { amount: string } };

/** Opens an invoice for the amount typed (no money moves yet) and shows it; the bounds are the domain's to check. */
export async function createInvoiceAction(_previous: CreateInvoiceState, form: FormData): Promise<CreateInvoiceState> {
  const values = { amount: formText(form, "amount").trim() };
  const result = await runAction<string>(async () => {
    const user = await requireReseller();
    // A mistyped amount is answered before it is counted, so typos do not use up the budget below.
    const amount = parseMoney(values.amount);
    if (amount === null || amount <= 0n) {
      return { ok: false, message: "Check the amount.", fieldErrors: { amount: "Enter an amount of USDT such as 100 or 25.50 (at most 6 decimals)." } };
    }
    await spendPanelBudget(user.id, "payment_write", "new invoices");
    const { payment } = await createPayment(db(), user.id, amount);
    return { ok: true, data: payment.id };
  });
  if (result.ok && result.data) redirect(`/topup/${result.data}`);
  return { ...result, values };
}
