"use client";

import { lazy, Suspense, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { startTwoFactorSetupAction, type TwoFactorSetup } from "./two-factor-actions";

// The forms appear only after a click, so their code is fetched then (or as the set-up starts), not
// with the page: they were half of the profile's JavaScript.
const loadForms = () => import("./two-factor-forms");
const RecoveryCodes = lazy(() => loadForms().then((forms) => ({ default: forms.RecoveryCodes })));
const SetupForm = lazy(() => loadForms().then((forms) => ({ default: forms.SetupForm })));
const RegenerateForm = lazy(() => loadForms().then((forms) => ({ default: forms.RegenerateForm })));
const DisableForm = lazy(() => loadForms().then((forms) => ({ default: forms.DisableForm })));

const loading = <p className="text-sm text-slate-500">Loading…</p>;

/**
 * The profile's two-factor card. Recovery codes, once made, stay shown until the reseller says they
 * saved them, even though the page behind has already moved on to "on".
 */
export function TwoFactorCard({ status }: { status: { enabledSince: string; recoveryCodesLeft: number } | null }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<"codes" | "off" | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [starting, startTransition] = useTransition();

  function showCodes(made: string[], message: string | undefined) {
    setSetup(null);
    setMode(null);
    setCodes(made);
    setNotice(message);
  }

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          setNotice(undefined);
        }}
      />
    );
  } else if (!status && setup) {
    body = <SetupForm setup={setup} onCancel={() => setSetup(null)} onEnabled={showCodes} />;
  } else if (!status) {
    body = (
      <>
        <p className="text-sm text-slate-600" data-testid="two-factor-status">
          <Badge tone="neutral">Off</Badge> Signing in takes your password alone. With two-factor sign-in it also takes a code from an authenticator app on your
          phone, so a stolen password is not enough to spend your balance. API keys are not affected.
        </p>
        <Button
          disabled={starting}
          onClick={() =>
            startTransition(async () => {
              void loadForms();
              setError(undefined);
              setNotice(undefined);
              const result = await startTwoFactorSetupAction();
              if (result.ok && result.data) setSetup(result.data);
              else setError(result.message ?? "Could not start the set-up. Try again.");
            })
          }
        >
          {starting ? "Starting…" : "Set up two-factor sign-in"}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-slate-600" data-testid="two-factor-status">
          <Badge tone="green">On</Badge> since {status.enabledSince}. Signing in takes your password and a code from your app.{" "}
          {status.recoveryCodesLeft === 1 ? "1 recovery code is left." : `${status.recoveryCodesLeft} recovery codes are left.`}
        </p>
        {mode === "codes" ? (
          <RegenerateForm onCodes={showCodes} onCancel={() => setMode(null)} />
        ) : mode === "off" ? (
          <DisableForm
            onDisabled={(message) => {
              setMode(null);
              setNotice(message);
            }}
            onCancel={() => setMode(null)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setMode("codes")}>
              New recovery codes
            </Button>
            <Button variant="danger-outline" size="sm" onClick={() => setMode("off")}>
              Turn off
            </Button>
          </div>
        )}
      </>
    );
  }
  return (
    <div className="space-y-4">
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Suspense fallback={loading}>{body}</Suspense>
    </div>
  );
}
