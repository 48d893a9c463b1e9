"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { CLAIM_REASON_LABELS, ClaimStatusBadge } from "@/components/claims/claim-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { controlClasses, TextAreaField } from "@/components/ui/field";
import { PendingLink } from "@/components/ui/pending-link";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ClaimStatus } from "@/lib/db/schema";
import type { PanelState } from "@/lib/panel/panel-action";
import { openClaimAction } from "../../claims/actions";

/** The order's latest claim as the page shows it: times already formatted. */
export interface ClaimSummary {
  id: string;
  status: ClaimStatus;
  respondBy: string;
  timeLeft: string | null;
  outcome: string | null;
}

/**
 * A delivered order's claim: its status and promised answer when there is one, else the form that opens
 * one while the category's window is open (`closesAt`), else why it cannot be claimed.
 */
export function ClaimCard({ orderId, claim, closesAt, canClaim }: { orderId: string; claim: ClaimSummary | null; closesAt: string; canClaim: boolean }) {
  const open = claim && (claim.status === "open" || claim.status === "in_review" || claim.status === "replacing");
  return (
    <Card>
      <CardHeader title="A problem with this order?" description={`Claims are taken until ${closesAt}.`} />
      <CardBody className="space-y-4">
        {claim ? (
          <div className="space-y-2 text-sm text-slate-700" data-testid="order-claim">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">Your claim</span> <ClaimStatusBadge status={claim.status} />
            </p>
            {open ? (
              <p data-testid="claim-promise">
                We answer by <span className="font-medium text-slate-900">{claim.respondBy}</span>
                {claim.timeLeft ? ` (${claim.timeLeft})` : ""}.
              </p>
            ) : null}
            {claim.outcome ? <p data-testid="claim-outcome">{claim.outcome}</p> : null}
            <PendingLink href={`/claims/${claim.id}`} className="inline-flex min-h-6 items-center font-medium text-brand-600 hover:text-brand-700">
              {open ? "Open the claim's chat →" : "See the claim →"}
            </PendingLink>
          </div>
        ) : null}
        {!open && canClaim ? <OpenClaimForm orderId={orderId} again={claim !== null} /> : null}
        {!open && !canClaim && !claim ? <p className="text-sm text-slate-500">The claim window of this order has closed.</p> : null}
      </CardBody>
    </Card>
  );
}

function OpenClaimForm({ orderId, again }: { orderId: string; again: boolean }) {
  const [state, dispatch, pending] = useActionState<PanelState<{ claimId: string }>, FormData>(openClaimAction, { ok: false });
  // Sent without the form's own action, which resets the form after every answer: a refused claim keeps
  // its reason, text and file for the reseller to correct.
  const [message, setMessage] = useState("");
  const errors = !state.ok ? state.fieldErrors : undefined;
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  }
  return (
    <form onSubmit={send} className="space-y-3" noValidate aria-label="Open a claim">
      <input type="hidden" name="orderId" value={orderId} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div className="space-y-1">
        <label htmlFor="claim-reason" className="block text-sm font-medium text-slate-700">
          {again ? "Open another claim: what is wrong?" : "What is wrong?"}
        </label>
        <select
          id="claim-reason"
          name="reason"
          defaultValue=""
          className={controlClasses(Boolean(errors?.reason))}
          aria-invalid={errors?.reason ? true : undefined}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {Object.entries(CLAIM_REASON_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {errors?.reason ? <p className="text-sm text-red-600">{errors.reason}</p> : null}
      </div>
      <TextAreaField
        id="claim-message"
        name="message"
        label="Describe it"
        rows={3}
        maxLength={2000}
        mono={false}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={errors?.message}
        placeholder="The code says it was already redeemed."
      />
      <div className="space-y-1">
        <label htmlFor="claim-image" className="block text-sm font-medium text-slate-700">
          Screenshot (optional)
        </label>
        <input id="claim-image" name="image" type="file" accept="image/png,image/jpeg" className="block w-full text-base text-slate-700 sm:text-sm" />
        <p className={errors?.image ? "text-sm text-red-600" : "text-xs text-slate-500"}>{errors?.image ?? "PNG or JPEG, at most 2 MB."}</p>
      </div>
      <SubmitButton pending={pending} pendingText="Sending…">
        Open claim
      </SubmitButton>
    </form>
  );
}
