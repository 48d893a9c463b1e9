"use client";

import { startTransition, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useLatestOutcome } from "@/components/ui/use-latest-outcome";
import { formatMoney, parseMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { adjustBalanceAction, type AdjustResult } from "./actions";

/**
 * Two steps: Review checks the amount and shows "Balance X → Y"; Apply sends it. The server
 * checks everything again.
 */
export function AdjustBalanceForm({
  resellerId,
  email,
  balance,
  balanceMicros,
}: {
  resellerId: string;
  email: string;
  balance: string;
  balanceMicros: string;
}) {
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [reviewing, setReviewing] = useState(false);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const { state, dispatch, pending, supersede } = useLatestOutcome<ActionState<AdjustResult>>(
    async (previous, form) => {
      const result = await adjustBalanceAction(previous, form);
      setReviewing(false);
      if (result.ok) {
        setAmount("");
        setNote("");
      }
      return result;
    },
    { ok: false },
  );

  // Not parseMoney(balance): it reads amounts up to a trillion dollars, and a balance may be past that.
  const current = BigInt(balanceMicros);
  const micros = parseMoney(amount.trim().replace(/^\+/, ""));
  const after = micros === null ? null : current + micros;

  function review() {
    const errors: Record<string, string> = {};
    if (micros === null) errors.amount = "Enter an amount in dollars, such as 25.50 or -10 (at most 6 decimals).";
    else if (micros === 0n) errors.amount = "The amount must not be zero.";
    else if (after !== null && after < 0n) errors.amount = `A debit of ${formatMoney(-micros)} would take the balance below zero.`;
    if (!note.trim()) errors.note = "Add a note: it is shown to the reseller as the transaction's description.";
    setLocalErrors(errors);
    supersede();
    if (Object.keys(errors).length === 0) setReviewing(true);
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reviewing) return review();
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  }

  const errors = { ...(state.ok ? {} : state.fieldErrors), ...localErrors };
  return (
    <form onSubmit={apply} className="space-y-4" noValidate>
      <input type="hidden" name="resellerId" value={resellerId} />
      <input type="hidden" name="expectedBalance" value={balanceMicros} />
      {state.message && !reviewing ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="adjust-amount"
          name="amount"
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="25.50 or -10"
          value={amount}
          readOnly={reviewing}
          onChange={(event) => {
            setAmount(event.target.value);
            setLocalErrors({});
          }}
          error={errors.amount}
          hint="Negative for a debit."
        />
        <div className="sm:col-span-2">
          <TextField
            id="adjust-note"
            name="note"
            label="Note"
            autoComplete="off"
            maxLength={500}
            placeholder="Bank transfer 2026-11-21, ref 8812"
            value={note}
            readOnly={reviewing}
            onChange={(event) => {
              setNote(event.target.value);
              setLocalErrors({});
            }}
            error={errors.note}
            hint="The reseller sees it as the transaction's description."
          />
        </div>
      </div>
      {reviewing && micros !== null && after !== null ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4" role="status">
          <p className="text-sm text-amber-900" data-testid="adjust-review">
            {micros > 0n ? "Credit" : "Debit"} <strong className="tabular-nums">{formatMoney(micros < 0n ? -micros : micros)} USD</strong>{" "}
            {micros > 0n ? "to" : "from"} <strong className="[overflow-wrap:anywhere]">{email}</strong> with the note “{note.trim()}”.
          </p>
          <p className="mt-1 text-base font-semibold text-slate-900 tabular-nums" data-testid="adjust-preview">
            Balance {balance} → {formatMoney(after)}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <SubmitButton pending={pending} pendingText="Applying…">
              Apply adjustment
            </SubmitButton>
            <Button variant="ghost" onClick={() => setReviewing(false)} disabled={pending}>
              Back
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit">Review adjustment</Button>
      )}
    </form>
  );
}
