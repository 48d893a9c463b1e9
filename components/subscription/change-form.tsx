"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { PendingLink } from "@/components/ui/pending-link";
import type { ActionState } from "@/lib/panel/action-state";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

/** A renew or upgrade button whose confirmation names the exact charge, computed on the server. */
export function ChangeForm({
  action,
  kind,
  tier,
  charge,
  quotedAt,
  label,
  note,
  shortBy,
}: {
  action: Action;
  kind: "renew" | "upgrade";
  tier: string;
  charge: string;
  quotedAt: number;
  label: string;
  note?: string;
  /** How much the balance lacks for the charge, when it does: the confirmation then offers a top-up, not a payment bound to fail. */
  shortBy?: string;
}) {
  const [state, formAction] = useActionState<ActionState, FormData>(action, { ok: false });
  return (
    <form action={formAction} className="space-y-2" data-testid={`${kind}-${tier}`}>
      <input type="hidden" name="action" value={kind} />
      <input type="hidden" name="tier" value={tier} />
      <input type="hidden" name="quotedAt" value={String(quotedAt)} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <ConfirmButton
        variant="primary"
        confirmLabel={`Pay ${charge} USD`}
        refusal={
          shortBy ? (
            <span data-testid="confirm-short">
              The charge is <strong className="tabular-nums">{charge} USD</strong>: your balance is <span className="tabular-nums">{shortBy} USD</span> short.{" "}
              <PendingLink href="/topup" className="font-semibold underline">
                Top up
              </PendingLink>
            </span>
          ) : undefined
        }
        question={
          <span data-testid="confirm-charge">
            {charge === "0.00" ? (
              "Nothing is charged."
            ) : (
              <>
                Charge <strong className="tabular-nums">{charge} USD</strong> from your balance{note ? ` ${note}` : ""}?
              </>
            )}
          </span>
        }
      >
        {label}
      </ConfirmButton>
    </form>
  );
}
