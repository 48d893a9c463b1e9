"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { setEnabledAction } from "./actions";

/** Takes a product off sale or puts it back, in one click (it is undone as easily). */
export function EnableToggle({ sku, enabled, name }: { sku: string; enabled: boolean; name: string }) {
  const [state, formAction] = useActionState<ActionState, FormData>(setEnabledAction, { ok: false });
  return (
    <form action={formAction} className="inline-flex flex-col items-end gap-1" aria-label={`${enabled ? "Disable" : "Enable"} ${name}`}>
      <input type="hidden" name="sku" value={sku} />
      <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
      <SubmitButton variant={enabled ? "danger-outline" : "secondary"} size="sm" pendingText="…">
        {enabled ? "Disable" : "Enable"}
      </SubmitButton>
      {!state.ok && state.message ? (
        <p className="text-xs text-red-600" role="alert">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
