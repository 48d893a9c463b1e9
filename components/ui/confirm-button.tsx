"use client";

import { useState, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { Button, type ButtonVariant } from "./button";

/**
 * A two-step submit button for a form that changes something: the first click asks, the second
 * (the confirm button, a real submit) does it; Cancel goes back. The question names what changes.
 * Once the submission is answered the question closes, so it never stands beside the outcome as if
 * still waiting to be confirmed.
 */
export function ConfirmButton({
  children,
  confirmLabel,
  question,
  refusal,
  variant = "danger",
  pending: pendingProp,
}: {
  children: ReactNode;
  confirmLabel: string;
  question?: ReactNode;
  /** Shown in place of the question and the confirm button when going ahead cannot succeed. */
  refusal?: ReactNode;
  variant?: ButtonVariant;
  /** For a form that dispatches its action itself, which useFormStatus does not see. */
  pending?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const status = useFormStatus();
  const pending = pendingProp ?? status.pending;
  const [wasPending, setWasPending] = useState(pending);
  if (pending !== wasPending) {
    setWasPending(pending);
    if (!pending) setAsking(false);
  }
  if (!asking) {
    return (
      <Button variant={variant === "danger" ? "danger-outline" : "secondary"} size="sm" onClick={() => setAsking(true)}>
        {children}
      </Button>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {refusal ? (
        <span className="text-sm text-red-600">{refusal}</span>
      ) : (
        <>
          {question ? (
            <span className="text-sm text-slate-600" data-testid="confirm-question">
              {question}
            </span>
          ) : null}
          <Button type="submit" variant={variant} size="sm" disabled={pending} autoFocus>
            {pending ? "Working…" : confirmLabel}
          </Button>
        </>
      )}
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)} disabled={pending}>
        Cancel
      </Button>
    </span>
  );
}
