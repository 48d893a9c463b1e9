"use client";

import { startTransition, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useLatestOutcome } from "@/components/ui/use-latest-outcome";
import { formatMoney, parseMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { finalityQuestion, planFinality, type UnfinalTransfer } from "@/lib/payments/sandbox-credits";
import type { RecipientSuggestion } from "@/lib/payments/sandbox-recipients";
import { sendSandboxTransferAction } from "./actions";
import { useRecipientSuggestions } from "./use-recipient-suggestions";

/** Later than any block already sent: the new transfer's, which makes every earlier one final with it. */
const NEW_BLOCK = new Date(8.64e15);

/**
 * Sends a sandbox transfer to the reseller whose email is typed, suggesting first those with an open
 * invoice and then any whose email holds the text (the server names an unknown one). A final transfer
 * is credited within seconds, so it takes a second step that names what is credited to whom, earlier
 * transfers it makes final included; one that is not final moves no money yet and goes at once.
 */
export function SandboxTransferForm({ awaiting, unfinal, dust }: { awaiting: RecipientSuggestion[]; unfinal: UnfinalTransfer[]; dust: bigint }) {
  const [recipient, setRecipient] = useState("");
  const [amount, setAmount] = useState("");
  const [final, setFinal] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const { state, dispatch, pending, supersede } = useLatestOutcome<ActionState>(
    async (previous, form) => {
      const result = await sendSandboxTransferAction(previous, form);
      setReviewing(false);
      if (result.ok) setAmount("");
      return result;
    },
    { ok: false },
  );

  const micros = parseMoney(amount);
  const email = recipient.trim();
  const suggestions = useRecipientSuggestions(email, awaiting);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!email) errors.email = "Enter the reseller's email.";
    if (micros === null || micros <= 0n) errors.amount = "Enter a positive amount of USDT, such as 10 or 2.5 (at most 6 decimals).";
    setLocalErrors(errors);
    supersede();
    if (Object.keys(errors).length > 0) return;
    if (final && !reviewing) return setReviewing(true);
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  }

  const errors = { ...(state.ok ? {} : state.fieldErrors), ...localErrors };
  const editable = !reviewing && !pending;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Send a sandbox transfer">
      {state.message && !reviewing ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <TextField
        id="sandbox-reseller"
        name="email"
        label="Send to"
        type="text"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        list="sandbox-reseller-options"
        placeholder="reseller@example.com"
        value={recipient}
        readOnly={!editable}
        onChange={(event) => {
          setRecipient(event.target.value);
          setLocalErrors({});
        }}
        error={errors.email}
        hint="A reseller's email: those with an open invoice are suggested, and typing part of any email finds the rest."
      />
      <datalist id="sandbox-reseller-options">
        {suggestions.map((suggestion) => (
          <option
            key={suggestion.email}
            value={suggestion.email}
            label={suggestion.outstanding === null ? undefined : `Open invoice: ${formatMoney(suggestion.outstanding)} USDT to pay`}
          />
        ))}
      </datalist>
      <TextField
        id="sandbox-amount"
        name="amount"
        label="Amount (USDT)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="10"
        value={amount}
        readOnly={!editable}
        onChange={(event) => {
          setAmount(event.target.value);
          setLocalErrors({});
        }}
        error={errors.amount}
        hint="Any amount: below the dust limit it is ignored, as on the real chain."
      />
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="final"
          checked={final}
          disabled={!editable}
          onChange={(event) => setFinal(event.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600"
        />
        <span>
          Final at once
          <span className="block text-xs text-slate-500">
            Its block is solidified now, and with it every earlier sandbox transfer: the watcher credits them.
          </span>
        </span>
      </label>
      {!editable && final ? <input type="hidden" name="final" value="on" /> : null}
      {reviewing && micros !== null ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4" role="status">
          <p className="text-sm text-amber-900 [overflow-wrap:anywhere]" data-testid="sandbox-review">
            {finalityQuestion(planFinality([...unfinal, { value: micros, blockTimestamp: NEW_BLOCK, email }], NEW_BLOCK, dust), dust)}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <SubmitButton pending={pending} pendingText="Sending…">
              Send and credit
            </SubmitButton>
            <Button variant="ghost" onClick={() => setReviewing(false)} disabled={pending}>
              Back
            </Button>
          </div>
        </div>
      ) : (
        <SubmitButton pending={pending} pendingText="Sending…">
          {final ? "Review transfer" : "Send transfer"}
        </SubmitButton>
      )}
    </form>
  );
}
