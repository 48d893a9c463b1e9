"use client";

import { useActionState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionState } from "@/lib/panel/action-state";
import { revokeKeyAction } from "./actions";

export function RevokeKeyForm({ keyId, keyName }: { keyId: string; keyName: string }) {
  const [state, formAction] = useActionState<ActionState, FormData>(revokeKeyAction, { ok: false });
  return (
    <form action={formAction} className="flex flex-col items-end gap-1" aria-label={`Revoke ${keyName}`}>
      <input type="hidden" name="keyId" value={keyId} />
      <ConfirmButton confirmLabel="Revoke key" question="Stop this key now?">
        Revoke
      </ConfirmButton>
      {!state.ok && state.message ? (
        <p className="text-sm text-red-600" role="alert">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
