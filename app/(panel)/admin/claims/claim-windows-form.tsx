"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { controlClasses } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { setClaimWindowAction } from "./actions";

/** One small form per category: its window in hours, saved on its own. */
export function ClaimWindowsForm({ windows }: { windows: { category: string; hours: number; isDefault: boolean }[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {windows.map((window) => (
        <li key={window.category} className="py-2">
          <WindowForm {...window} />
        </li>
      ))}
    </ul>
  );
}

function WindowForm({ category, hours, isDefault }: { category: string; hours: number; isDefault: boolean }) {
  const [state, formAction] = useActionState<ActionState, FormData>(setClaimWindowAction, { ok: false });
  const id = `window-${category}`;
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3" noValidate aria-label={`Claim window of ${category}`}>
      <input type="hidden" name="category" value={category} />
      <div className="min-w-40 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {category} <span className="font-normal text-slate-500">{isDefault ? "(default)" : ""}</span>
        </label>
        <div className="mt-1 flex items-center gap-2">
          <input id={id} name="hours" inputMode="numeric" defaultValue={hours} className={controlClasses(false, "max-w-28")} />
          <span className="text-sm whitespace-nowrap text-slate-600">hours</span>
        </div>
      </div>
      <SubmitButton size="sm" variant="secondary" pendingText="Saving…">
        Save
      </SubmitButton>
      {state.message ? (
        <div className="w-full">
          <Alert tone={state.ok ? "success" : "error"}>{state.ok ? state.message : (state.fieldErrors?.hours ?? state.message)}</Alert>
        </div>
      ) : null}
    </form>
  );
}
