"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PanelState } from "@/lib/panel/panel-action";
import { changeEmailAction, resendVerificationAction } from "./email-actions";

/** The account's address: whether it is confirmed, a new confirmation link, and the change of address. */
export function EmailCard({ verified, required }: { verified: boolean; required: boolean }) {
  const [resent, resend] = useActionState<PanelState<undefined>, FormData>(resendVerificationAction, { ok: false });
  const [change, changeAction] = useActionState<PanelState<undefined>, FormData>(changeEmailAction, { ok: false });
  const aboutFields = Object.keys(change.fieldErrors ?? {}).length > 0;
  return (
    <div className="space-y-6">
      <form action={resend} className="space-y-3" data-testid="email-status">
        <p className="text-sm text-slate-700">
          {verified ? <Badge tone="green">Confirmed</Badge> : <Badge tone="amber">Not confirmed</Badge>}{" "}
          {verified ? "Your address is confirmed." : "Your address is not confirmed yet."}
        </p>
        {!verified ? (
          <>
            <p className="text-sm text-slate-600">
              {required
                ? "Follow the link we mailed to this address: until then the account cannot buy or make API keys."
                : "Follow the link we mailed to this address to confirm it."}
            </p>
            {resent.message ? <Alert tone={resent.ok ? "success" : "error"}>{resent.message}</Alert> : null}
            <SubmitButton variant="secondary" pendingText="Sending…">
              Send a new confirmation link
            </SubmitButton>
          </>
        ) : null}
      </form>
      <form action={changeAction} className="max-w-md space-y-4 border-t border-slate-100 pt-4" noValidate>
        <h3 className="text-sm font-semibold text-slate-900">Change your address</h3>
        <p className="text-sm text-slate-600">A link goes to the new address; it becomes the one you sign in with once you follow it.</p>
        {change.message && !aboutFields ? <Alert tone={change.ok ? "success" : "error"}>{change.message}</Alert> : null}
        <TextField
          id="new-email"
          name="email"
          type="email"
          label="New email address"
          autoComplete="email"
          required
          defaultValue={change.values?.email}
          error={change.fieldErrors?.email}
        />
        <TextField
          id="email-current-password"
          name="currentPassword"
          type="password"
          label="Your password"
          autoComplete="current-password"
          required
          error={change.fieldErrors?.currentPassword}
        />
        <SubmitButton pendingText="Sending…">Send a confirmation link</SubmitButton>
      </form>
    </div>
  );
}
