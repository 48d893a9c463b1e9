"use client";

import { Link } from "@/components/ui/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PanelState } from "@/lib/panel/panel-action";
import { confirmEmailAction } from "./actions";

export function ConfirmEmailForm({ token, email }: { token: string; email: string }) {
  const [state, formAction] = useActionState<PanelState<undefined>, FormData>(confirmEmailAction, { ok: false });
  if (state.ok) {
    return (
      <div className="mt-6 space-y-4">
        <Alert tone="success">{state.message}</Alert>
        <Link
          href="/"
          className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Continue to the panel
        </Link>
      </div>
    );
  }
  return (
    <form action={formAction} className="mt-6 space-y-4">
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <p className="text-sm wrap-anywhere text-slate-600">
        Confirm <strong>{email}</strong> as the address of your reseller account.
      </p>
      <SubmitButton className="w-full" pendingText="Confirming…">
        Confirm this address
      </SubmitButton>
    </form>
  );
}
