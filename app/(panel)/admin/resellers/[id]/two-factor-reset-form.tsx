"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionState } from "@/lib/panel/action-state";
import { resetTwoFactorAction } from "./actions";

/** Whether the reseller signs in with a code, and the admin's way to turn that off when their phone is lost. */
export function TwoFactorResetForm({ resellerId, email, enabledSince }: { resellerId: string; email: string; enabledSince: string | null }) {
  const [state, formAction] = useActionState<ActionState, FormData>(resetTwoFactorAction, { ok: false });
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="resellerId" value={resellerId} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <p className="text-sm text-slate-600" data-testid="reseller-two-factor">
        {enabledSince ? (
          <>
            <Badge tone="green">On</Badge> since {enabledSince}. Signing in takes a code from their authenticator app.
          </>
        ) : (
          <>
            <Badge tone="neutral">Off</Badge> Signing in takes the password alone.
          </>
        )}
      </p>
      {enabledSince ? (
        <ConfirmButton
          confirmLabel="Turn off two-factor"
          question={`Turn off two-factor sign-in for ${email}? Do it only once you know it is them (a lost phone): their sessions end, and the password alone signs in until they set it up again.`}
        >
          Turn off two-factor
        </ConfirmButton>
      ) : null}
    </form>
  );
}
