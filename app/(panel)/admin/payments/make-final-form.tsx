"use client";

import { useActionState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionState } from "@/lib/panel/action-state";
import { makeFinalAction } from "./actions";

/** "Make final" on a sandbox transfer: crediting follows, so it asks first, naming what is credited to whom. */
export function MakeFinalForm({ txHash, question }: { txHash: string; question: string }) {
  const [state, formAction] = useActionState<ActionState, FormData>(makeFinalAction, { ok: false });
  return (
    <form action={formAction} className="flex flex-wrap items-center justify-end gap-2">
      <input type="hidden" name="txHash" value={txHash} />
      {!state.ok && state.message ? (
        <span role="alert" className="text-sm text-red-600">
          {state.message}
        </span>
      ) : null}
      <ConfirmButton variant="primary" confirmLabel="Finalize and credit" question={question}>
        Make final
      </ConfirmButton>
    </form>
  );
}
