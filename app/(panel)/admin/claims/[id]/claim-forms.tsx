"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { refundClaimAction, rejectClaimAction, replaceClaimAction, takeClaimAction } from "../actions";

function Result({ state }: { state: ActionState }) {
  return state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null;
}

/** Who works the claim: Take, Release when it is yours, Take over when a colleague has it. */
export function TakeClaimForm({ claimId, holder }: { claimId: string; holder: { email: string; you: boolean } | null }) {
  const [state, formAction] = useActionState<ActionState, FormData>(takeClaimAction, { ok: false });
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Who works the claim">
      <input type="hidden" name="claimId" value={claimId} />
      {!state.ok ? <Result state={state} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="claim-holder">
          {holder ? (
            <>
              Taken by <span className="font-medium text-slate-900">{holder.you ? "you" : holder.email}</span>
            </>
          ) : (
            "Not taken: nobody is working on it yet."
          )}
        </p>
        {holder === null ? (
          <>
            <input type="hidden" name="intent" value="take" />
            <SubmitButton size="sm" pendingText="Taking…">
              Take
            </SubmitButton>
          </>
        ) : holder.you ? (
          <>
            <input type="hidden" name="intent" value="release" />
            <SubmitButton size="sm" variant="secondary" pendingText="Releasing…">
              Release
            </SubmitButton>
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="over" />
            <ConfirmButton confirmLabel="Take over" question={`Take the claim over from ${holder.email}?`} variant="primary">
              Take over…
            </ConfirmButton>
          </>
        )}
      </div>
    </form>
  );
}

/** Replace: new codes from stock for the ticked items (or every item). */
export function ReplaceClaimForm({ claimId, items, reseller }: { claimId: string; items: string[]; reseller: string }) {
  const [state, formAction] = useActionState<ActionState, FormData>(replaceClaimAction, { ok: false });
  const [ticked, setTicked] = useState<number[]>(items.map((_item, index) => index));
  const count = ticked.length;
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Replace the code">
      <input type="hidden" name="claimId" value={claimId} />
      <Result state={state} />
      {items.length > 1 ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-700">Codes to replace</legend>
          {items.map((code, index) => (
            <label key={index} className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="items"
                value={index}
                checked={ticked.includes(index)}
                onChange={(event) => setTicked(event.target.checked ? [...ticked, index] : ticked.filter((i) => i !== index))}
                className="h-4 w-4 rounded border-slate-300"
              />
              <span className="font-mono break-all">{code}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        items.map((_code, index) => <input key={index} type="hidden" name="items" value={index} />)
      )}
      <ConfirmButton
        confirmLabel={`Replace ${count} ${count === 1 ? "code" : "codes"}`}
        question={`Hand ${reseller} ${count} new ${count === 1 ? "code" : "codes"} from stock (or re-ordered from the supplier when none is left) on this order, and record the old ones as replaced?`}
        variant="primary"
        refusal={count === 0 ? "Tick at least one code." : undefined}
      >
        Replace from stock…
      </ConfirmButton>
    </form>
  );
}

export function RefundClaimForm({ claimId, left, reseller }: { claimId: string; left: string; reseller: string }) {
  const [state, formAction] = useActionState<ActionState, FormData>(refundClaimAction, { ok: false });
  const [amount, setAmount] = useState(left);
  const [note, setNote] = useState("");
  const errors = !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Refund">
      <input type="hidden" name="claimId" value={claimId} />
      <Result state={state} />
      <TextField
        id="refund-amount"
        name="amount"
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors?.amount}
        hint={`At most ${left} USD is left of the order's charge.`}
      />
      <TextField
        id="refund-note"
        name="note"
        label="Note for the reseller (optional)"
        autoComplete="off"
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors?.note}
      />
      <ConfirmButton confirmLabel={`Refund ${amount || "0"} USD`} question={`Return ${amount || "0"} USD to ${reseller}?`}>
        Refund…
      </ConfirmButton>
    </form>
  );
}

export function RejectClaimForm({ claimId }: { claimId: string }) {
  const [state, formAction] = useActionState<ActionState, FormData>(rejectClaimAction, { ok: false });
  const [note, setNote] = useState("");
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Reject">
      <input type="hidden" name="claimId" value={claimId} />
      <Result state={state} />
      <TextField
        id="reject-note"
        name="note"
        label="Reason"
        autoComplete="off"
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={!state.ok ? state.fieldErrors?.note : undefined}
        hint="Shown to the reseller."
      />
      <ConfirmButton confirmLabel="Reject the claim" question="Close the claim without a replacement or refund?">
        Reject…
      </ConfirmButton>
    </form>
  );
}
