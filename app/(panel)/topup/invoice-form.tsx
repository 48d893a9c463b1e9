"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { createInvoiceAction, type CreateInvoiceState } from "./actions";

/** The amount of a new invoice; nothing is charged, so there is no confirmation step. */
export function InvoiceForm({ min, max }: { min: string; max: string }) {
  const [state, formAction] = useActionState<CreateInvoiceState, FormData>(createInvoiceAction, { ok: false });
  const amountError = state.ok ? undefined : state.fieldErrors?.amount;
  return (
    <form action={formAction} className="space-y-4" noValidate aria-label="New invoice">
      {!state.ok && state.message && !amountError ? <Alert tone="error">{state.message}</Alert> : null}
      <TextField
        id="invoice-amount"
        name="amount"
        label="Amount (USDT)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="100"
        defaultValue={state.values?.amount}
        error={amountError}
        hint={`From ${min} to ${max} USDT. 1 USDT adds 1.00 USD to your balance.`}
      />
      <SubmitButton pendingText="Creating…">Create invoice</SubmitButton>
    </form>
  );
}
