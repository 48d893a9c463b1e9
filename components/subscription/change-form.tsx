"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
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
}: {
  action: Action;
  kind: "renew" | "upgrade";
  tier: string;
  charge: string;
  quotedAt: number;
  label: string;
  note?: string;
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
        question={
          <span data-testid="confirm-charge">
            {charge === "0.00" ? "Nothing is charged." : <>Charge <strong className="tabular-nums">{charge} USD</strong> from your balance{note ? ` ${note}` : ""}?</>}
          </span>
        }
      >
        {label}
      </ConfirmButton>
    </form>
  );
}
