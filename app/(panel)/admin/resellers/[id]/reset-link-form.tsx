"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionState } from "@/lib/panel/action-state";
import { sendResetLinkAction } from "./actions";

/** Whether the reseller's address is confirmed, and the admin's way to mail them a password reset link. */
export function ResetLinkForm({ resellerId, email, verifiedSince }: { resellerId: string; email: string; verifiedSince: string | null }) {
  const [state, formAction] = useActionState<ActionState, FormData>(sendResetLinkAction, { ok: false });
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="resellerId" value={resellerId} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <p className="text-sm text-slate-600" data-testid="reseller-email-verified">
        {verifiedSince ? (
          <>
            <Badge tone="green">Confirmed</Badge> since {verifiedSince}.
          </>
        ) : (
          <>
            <Badge tone="amber">Not confirmed</Badge> The reseller has not followed the link mailed to this address.
          </>
        )}
      </p>
      <ConfirmButton confirmLabel="Send the link" question={`Mail ${email} a link to choose a new password? It works once, for 30 minutes.`}>
        Send a password reset link
      </ConfirmButton>
    </form>
  );
}
