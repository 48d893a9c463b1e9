"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { changePasswordAction } from "./actions";

export function ChangePasswordForm() {
  const [state, formAction] = useActionState<ActionState, FormData>(changePasswordAction, { ok: false });
  // A refusal about a field is shown under it, once; the alert is for what no field explains.
  const aboutFields = Object.keys(state.fieldErrors ?? {}).length > 0;
  return (
    <form action={formAction} className="max-w-md space-y-4" noValidate>
      {state.message && !aboutFields ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <TextField
        id="current-password"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        required
        error={state.fieldErrors?.currentPassword}
      />
      <TextField
        id="new-password"
        name="newPassword"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        minLength={10}
        error={state.fieldErrors?.newPassword}
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
      <SubmitButton pendingText="Saving…">Change password</SubmitButton>
    </form>
  );
}
