"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionState } from "@/lib/panel/action-state";
import { setStatusAction } from "./actions";

export function StatusForm({ resellerId, email, status }: { resellerId: string; email: string; status: "active" | "blocked" }) {
  const [state, formAction] = useActionState<ActionState, FormData>(setStatusAction, { ok: false });
  const blocking = status === "active";
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="resellerId" value={resellerId} />
      <input type="hidden" name="status" value={blocking ? "blocked" : "active"} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <p className="text-sm text-slate-600">
        {blocking
          ? "Blocking stops this reseller's API keys and panel session at once. Their balance and data stay."
          : "This reseller is blocked: API calls answer 403 account_disabled and they cannot sign in."}
      </p>
      {blocking ? (
        <ConfirmButton key="block" confirmLabel="Block reseller" question={`Block ${email}? Their API keys and panel session stop working at once.`}>
          Block
        </ConfirmButton>
      ) : (
        <ConfirmButton
          key="unblock"
          confirmLabel="Unblock reseller"
          question={`Unblock ${email}? Their API keys and sign-in work again at once.`}
          variant="primary"
        >
          Unblock
        </ConfirmButton>
      )}
    </form>
  );
}
