"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { confirmTwoFactorSetupAction, disableTwoFactorAction, regenerateRecoveryCodesAction, type TwoFactorSetup } from "./two-factor-actions";

/*
 * The two-factor card's forms and recovery codes, which appear only after a click on the card: loaded
 * then (./two-factor-card), not with the profile page.
 */

/** The password and code fields every two-factor form asks for, each with its own refusal. */
function BothFactors({ idPrefix, state, codeHint }: { idPrefix: string; state: ActionState<unknown>; codeHint: string }) {
  const errors = state.ok ? {} : (state.fieldErrors ?? {});
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-code`}
        name="code"
        label="Code"
        inputMode="text"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={40}
        required
        error={errors.code}
        hint={codeHint}
      />
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
    </div>
  );
}

/** The alert for what no field explains: a refusal about a field is shown under it, once. */
function FormMessage({ state }: { state: ActionState<unknown> }) {
  if (!state.message || Object.keys(state.fieldErrors ?? {}).length > 0) return null;
  return <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert>;
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3" data-testid="recovery-codes">
      <p className="text-sm text-slate-700">
        <strong>Save these recovery codes now</strong>: they are shown only this once. Each signs in once in place of a code, if your phone is lost.
      </p>
      <ul className="grid grid-cols-1 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900 min-[360px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="tabular-nums">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join("\n")} label="Copy codes" />
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

export function SetupForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[], message: string | undefined) => void;
}) {
  const [state, formAction] = useActionState<ActionState<string[]>, FormData>(
    async (previous, form) => {
      const result = await confirmTwoFactorSetupAction(previous, form);
      if (result.ok && result.data) onEnabled(result.data, result.message);
      return result;
    },
    { ok: false },
  );
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).</li>
        <li>Or add the account by hand with this key (time-based).</li>
        <li>Enter the 6-digit code the app shows, and your password.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {/* The SVG is the server's qrcode rendering of our own otpauth:// URI, not user input. */}
        <div
          className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-2 [&>svg]:size-full"
          role="img"
          aria-label="QR code for your authenticator app"
          data-testid="two-factor-qr"
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-slate-700">Key</p>
          <code className="block rounded bg-slate-50 px-2 py-1 font-mono text-sm break-all text-slate-900" data-testid="two-factor-secret">
            {setup.secret}
          </code>
          <CopyButton text={setup.secret.replace(/\s/g, "")} label="Copy key" />
        </div>
      </div>
      <form action={formAction} className="space-y-4" noValidate>
        <FormMessage state={state} />
        <BothFactors idPrefix="enable" state={state} codeHint="The 6 digits your app shows now." />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pendingText="Checking…">Turn on two-factor sign-in</SubmitButton>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

export function RegenerateForm({ onCodes, onCancel }: { onCodes: (codes: string[], message: string | undefined) => void; onCancel: () => void }) {
  const [state, formAction] = useActionState<ActionState<string[]>, FormData>(
    async (previous, form) => {
      const result = await regenerateRecoveryCodesAction(previous, form);
      if (result.ok && result.data) onCodes(result.data, result.message);
      return result;
    },
    { ok: false },
  );
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <p className="text-sm text-slate-600">The recovery codes you have stop working, and ten new ones are shown.</p>
      <FormMessage state={state} />
      <BothFactors idPrefix="regenerate" state={state} codeHint="From your app, or a recovery code (it is spent)." />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pendingText="Working…">Make new recovery codes</SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function DisableForm({ onDisabled, onCancel }: { onDisabled: (message: string) => void; onCancel: () => void }) {
  const [state, formAction] = useActionState<ActionState, FormData>(
    async (previous, form) => {
      const result = await disableTwoFactorAction(previous, form);
      if (result.ok) onDisabled(result.message ?? "Two-factor sign-in is off.");
      return result;
    },
    { ok: false },
  );
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <FormMessage state={state} />
      <BothFactors idPrefix="disable" state={state} codeHint="From your app, or a recovery code." />
      <div className="flex flex-wrap items-center gap-2">
        <ConfirmButton confirmLabel="Turn off" question="Signing in will take the password alone.">
          Turn off two-factor sign-in
        </ConfirmButton>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
