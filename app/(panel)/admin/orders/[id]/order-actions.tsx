"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { completeOrderAction, failOrderAction, postSupplierMessageAction, refundOrderAction, releaseOrderAction, takeOrderAction } from "./actions";

/** A refusal already shown under one of the form's own fields is not repeated above them. */
function Result({ state, fields = [] }: { state: ActionState; fields?: string[] }) {
  if (!state.ok && fields.some((field) => state.fieldErrors?.[field])) return null;
  return state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null;
}

/** "Send the note and 2 codes to reseller@example.com and close the order?" */
function deliveryQuestion(reseller: string, codes: string): string {
  const count = codes.split(/\r?\n/).filter((line) => line.trim()).length;
  const what = count === 0 ? "the note" : `the note and ${count} ${count === 1 ? "code" : "codes"}`;
  return `Send ${what} to ${reseller} and close the order?`;
}

export function SupplierChatForm({ orderId }: { orderId: string }) {
  const [text, setText] = useState("");
  const [waiting, setWaiting] = useState(false);
  const [state, formAction] = useActionState<ActionState, FormData>(
    async (previous, form) => {
      const result = await postSupplierMessageAction(previous, form);
      if (result.ok) {
        setText("");
        setWaiting(false);
      }
      return result;
    },
    { ok: false },
  );
  return (
    <form action={formAction} className="space-y-3 border-t border-slate-100 pt-4" noValidate aria-label="Reply as supplier">
      <input type="hidden" name="orderId" value={orderId} />
      {!state.ok ? <Result state={state} /> : null}
      <TextAreaField
        id="supplier-text"
        name="text"
        label="Reply as the supplier"
        rows={3}
        maxLength={2000}
        mono={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="waitingReply"
            checked={waiting}
            onChange={(event) => setWaiting(event.target.checked)}
            className="h-4 w-4 rounded border-slate-300 text-brand-600"
          />
          Waiting for the reseller&apos;s reply
        </label>
        <SubmitButton pendingText="Sending…">Send reply</SubmitButton>
      </div>
    </form>
  );
}

export function CompleteOrderForm({ orderId, reseller }: { orderId: string; reseller: string }) {
  const [note, setNote] = useState("");
  const [codes, setCodes] = useState("");
  const [state, formAction] = useActionState<ActionState, FormData>(completeOrderAction, { ok: false });
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Complete order">
      <input type="hidden" name="orderId" value={orderId} />
      <Result state={state} fields={["note", "codes"]} />
      <TextField
        id="complete-note"
        name="note"
        label="Delivery note"
        autoComplete="off"
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        placeholder="Account recovered; new password sent by email"
        error={!state.ok ? state.fieldErrors?.note : undefined}
        hint="The reseller sees it with the order."
      />
      <TextAreaField
        id="complete-codes"
        name="codes"
        label="Codes (optional)"
        rows={3}
        value={codes}
        onChange={(event) => setCodes(event.target.value)}
        error={!state.ok ? state.fieldErrors?.codes : undefined}
        hint="One per line, if the service hands over codes or credentials."
      />
      <ConfirmButton confirmLabel="Complete order" question={deliveryQuestion(reseller, codes)} variant="primary">
        Complete…
      </ConfirmButton>
    </form>
  );
}

export function FailOrderForm({ orderId, total, reseller }: { orderId: string; total: string; reseller: string }) {
  const [reason, setReason] = useState("");
  const [state, formAction] = useActionState<ActionState, FormData>(failOrderAction, { ok: false });
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Fail order">
      <input type="hidden" name="orderId" value={orderId} />
      <Result state={state} fields={["reason"]} />
      <TextField
        id="fail-reason"
        name="reason"
        label="Reason"
        autoComplete="off"
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder="The account could not be verified"
        error={!state.ok ? state.fieldErrors?.reason : undefined}
        hint="Shown to the reseller."
      />
      <ConfirmButton confirmLabel={`Fail and return ${total} USD`} question={`Close the order undelivered and return ${total} USD to ${reseller}?`}>
        Fail…
      </ConfirmButton>
    </form>
  );
}

export function RefundOrderForm({ orderId, total, reseller }: { orderId: string; total: string; reseller: string }) {
  const [reason, setReason] = useState("");
  const [state, formAction] = useActionState<ActionState, FormData>(refundOrderAction, { ok: false });
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Refund order">
      <input type="hidden" name="orderId" value={orderId} />
      <Result state={state} fields={["reason"]} />
      <TextField
        id="refund-reason"
        name="reason"
        label="Reason"
        autoComplete="off"
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder="Code reported as already redeemed"
        error={!state.ok ? state.fieldErrors?.reason : undefined}
        hint="Shown to the reseller. Delivered codes are not put back in stock."
      />
      <ConfirmButton
        confirmLabel={`Refund ${total} USD`}
        question={
          <span data-testid="refund-question">
            Return {total} USD to {reseller}?
          </span>
        }
      >
        Refund…
      </ConfirmButton>
    </form>
  );
}

/** The admin who has the order, as the page read it. */
export interface OrderHolder {
  id: string;
  email: string;
  /** Formatted, "10:15 UTC". */
  since: string;
  you: boolean;
}

/**
 * Who works the order, with the one action that fits: Take when nobody does, Release when it is
 * yours, Take over (asked first, as it displaces a colleague) when another admin has it. One outcome
 * for all three, so a refusal stays shown when the page refreshes into the next of them.
 */
export function TakeOrderForm({ orderId, holder }: { orderId: string; holder: OrderHolder | null }) {
  const [state, formAction] = useActionState<ActionState, FormData>(
    (previous: ActionState, form: FormData) => (form.get("intent") === "release" ? releaseOrderAction(previous, form) : takeOrderAction(previous, form)),
    { ok: false },
  );
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Who works the order">
      <input type="hidden" name="orderId" value={orderId} />
      {!state.ok ? <Result state={state} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-slate-700" data-testid="order-holder">
          {holder ? (
            <>
              Taken by <span className="font-medium text-slate-900">{holder.you ? "you" : holder.email}</span>{" "}
              <span className="whitespace-nowrap">· since {holder.since}</span>
            </>
          ) : (
            "Not taken: nobody is working on it yet."
          )}
        </p>
        {holder === null ? (
          <SubmitButton size="sm" pendingText="Taking…">
            Take
          </SubmitButton>
        ) : holder.you ? (
          <>
            <input type="hidden" name="intent" value="release" />
            <SubmitButton size="sm" variant="secondary" pendingText="Releasing…">
              Release
            </SubmitButton>
          </>
        ) : (
          <>
            <input type="hidden" name="from" value={holder.id} />
            <ConfirmButton variant="primary" confirmLabel="Take over" question={`Take the order over from ${holder.email}?`}>
              Take over…
            </ConfirmButton>
          </>
        )}
      </div>
    </form>
  );
}
