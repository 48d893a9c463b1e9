"use client";

import { Link } from "@/components/ui/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PanelState } from "@/lib/panel/panel-action";
import { forgotPasswordAction } from "./actions";

export function ForgotPasswordForm() {
  const [state, formAction] = useActionState<PanelState<undefined>, FormData>(forgotPasswordAction, { ok: false });
  const aboutFields = Object.keys(state.fieldErrors ?? {}).length > 0;
  return (
    <form action={formAction} className="mt-6 space-y-4" noValidate>
      {state.message && !aboutFields ? (
        <Alert tone={state.ok ? "success" : "error"} data-testid="forgot-password-answer">
          {state.message}
        </Alert>
      ) : null}
      <TextField
        id="email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        autoFocus
        defaultValue={state.values?.email}
        error={state.fieldErrors?.email}
      />
      <SubmitButton className="w-full" pendingText="Sending…">
        Send the link
      </SubmitButton>
      <p className="text-center text-sm text-slate-500">
        Remembered it?{" "}
        <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
          Sign in
        </Link>
      </p>
    </form>
  );
}
