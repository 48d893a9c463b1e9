"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PanelState } from "@/lib/panel/panel-action";
import { acceptInvitationAction } from "./actions";

export function InvitationForm({ token, email }: { token: string; email: string }) {
  const [state, formAction] = useActionState<PanelState<undefined>, FormData>(acceptInvitationAction, { ok: false });
  const aboutFields = Object.keys(state.fieldErrors ?? {}).length > 0;
  return (
    <form action={formAction} className="mt-6 space-y-4" noValidate>
      {state.message && !aboutFields ? <Alert tone="error">{state.message}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <TextField id="email" label="Email" value={email} readOnly disabled hint="You sign in with this address." />
      <TextField
        id="name"
        name="name"
        label="Your name"
        autoComplete="name"
        required
        autoFocus
        defaultValue={state.values?.name}
        error={state.fieldErrors?.name}
      />
      <TextField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={10}
        error={state.fieldErrors?.password}
        hint="At least 10 characters."
      />
      <TextField
        id="confirm-password"
        name="confirmPassword"
        type="password"
        label="Repeat the password"
        autoComplete="new-password"
        required
        error={state.fieldErrors?.confirmPassword}
      />
      <SubmitButton className="w-full" pendingText="Joining…">
        Join the account
      </SubmitButton>
    </form>
  );
}
