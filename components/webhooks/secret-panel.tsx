"use client";

import { useActionState, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import type { ActionState } from "@/lib/panel/action-state";

type SecretState = ActionState<{ secret: string }>;

function SecretValue({ secret }: { secret: string }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <code
        data-testid="webhook-secret"
        className="block min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
      >
        {secret}
      </code>
      <CopyButton text={secret} label="Copy secret" />
    </div>
  );
}

/** The signing secret: hidden until asked for, copyable, and rotated behind a confirmation. */
export function SecretPanel({
  secretSet,
  revealAction,
  rotateAction,
}: {
  secretSet: boolean;
  revealAction: () => Promise<SecretState>;
  rotateAction: (previous: SecretState) => Promise<SecretState>;
}) {
  const [revealed, setRevealed] = useState<string | null>(null);
  const [revealError, setRevealError] = useState<string | null>(null);
  const [revealing, startReveal] = useTransition();
  const [rotation, rotate] = useActionState<SecretState>(
    async (previous: SecretState) => {
      const next = await rotateAction(previous);
      if (next.ok && next.data) setRevealed(next.data.secret);
      return next;
    },
    { ok: false },
  );

  if (!secretSet) {
    return <p className="text-sm text-slate-500">Save an endpoint URL first: the secret is created with it.</p>;
  }

  const reveal = () =>
    startReveal(async () => {
      const result = await revealAction();
      if (result.ok && result.data) {
        setRevealed(result.data.secret);
        setRevealError(null);
      } else setRevealError(result.message ?? "The secret could not be read.");
    });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Every delivery is signed with this secret. Check the <code className="rounded bg-slate-100 px-1 font-mono text-xs">X-Webhook-Signature</code> header on
        your server before trusting a request.
      </p>
      {rotation.ok && rotation.message ? <Alert tone="success">{rotation.message}</Alert> : null}
      {!rotation.ok && rotation.message ? <Alert tone="error">{rotation.message}</Alert> : null}
      {revealError ? <Alert tone="error">{revealError}</Alert> : null}
      {revealed ? (
        <div className="space-y-2">
          <SecretValue secret={revealed} />
          <Button variant="ghost" size="sm" onClick={() => setRevealed(null)}>
            Hide secret
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <code className="min-w-0 truncate rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-500" aria-hidden="true">
            whsec_••••••••••
          </code>
          <Button variant="secondary" size="sm" onClick={reveal} disabled={revealing} className="whitespace-nowrap">
            {revealing ? "Revealing…" : "Reveal secret"}
          </Button>
        </div>
      )}
      <form action={rotate} className="border-t border-slate-100 pt-4" aria-label="Rotate the secret">
        <ConfirmButton confirmLabel="Rotate now" question="The old secret stops working at once. Rotate?">
          Rotate secret
        </ConfirmButton>
      </form>
    </div>
  );
}
