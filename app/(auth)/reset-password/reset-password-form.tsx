"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PanelState } from "@/lib/panel/panel-action";
import { resetPasswordAction } from "./actions";

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, formAction] = useActionState<PanelState<undefined>, FormData>(resetPasswordAction, { ok: false });
  const aboutFields = Object.keys(state.fieldErrors ?? {}).length > 0;
  return (
    <form action={formAction} className="mt-6 space-y-4" noValidate>
      {state.message && !aboutFields ? <Alert tone="error">{state.message}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <TextField
        id="password"
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        minLength={10}
        autoFocus
        error={state.fieldErrors?.password}
        hint="At least 10 characters."
      />
      <TextField
        id="confirm-password"
        name="confirmPassword"
        type="password"
        label="Repeat the new password"
        autoComplete="new-password"
        required
        error={state.fieldErrors?.confirmPassword}
      />
      <SubmitButton className="w-full" pendingText="Saving…">
        Set the new password
      </SubmitButton>
    </form>
  );
}
