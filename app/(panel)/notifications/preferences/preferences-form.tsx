"use client";

import { startTransition, useActionState } from "react";
import { Icon } from "@/components/panel/icons";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { KindPreference } from "@/lib/notifications/preferences";
import type { PanelState } from "@/lib/panel/panel-action";
import { savePreferencesAction } from "../actions";

export function PreferencesForm({ preferences, threshold }: { preferences: KindPreference[]; threshold: string }) {
  const [state, formAction, pending] = useActionState<PanelState<undefined>, FormData>(savePreferencesAction, { ok: false });
  return (
    <form
      // Submitted by hand, not through `action`: React resets a form after its action, which would undo
      // the ticks the reseller made when a refusal (a bad threshold) asks them to correct one field.
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        startTransition(() => formAction(form));
      }}
      className="space-y-6"
      noValidate
    >
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Email me about</legend>
        <p className="mt-1 text-sm text-slate-500">
          Every notification shows under the bell; these choose which also come by email. A burst arrives as one digest.
        </p>
        <ul className="mt-3 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {preferences.map((p) => (
            <li key={p.kind} className="flex items-start gap-3 px-3 py-3 sm:px-4">
              <input
                id={`email-${p.kind}`}
                type="checkbox"
                name="email"
                value={p.kind}
                defaultChecked={p.email}
                disabled={p.mandatory}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 text-brand-600 disabled:opacity-60"
              />
              <label htmlFor={`email-${p.kind}`} className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {p.label}
                  {p.mandatory ? (
                    <Badge tone="amber">
                      <Icon name="lock" className="mr-1 h-3 w-3" />
                      Always on
                    </Badge>
                  ) : null}
                </span>
                <span className="mt-0.5 block text-sm text-slate-500">{p.about}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="max-w-xs">
        <TextField
          id="low-balance-threshold"
          name="lowBalanceThreshold"
          label="Low balance threshold (USD)"
          inputMode="decimal"
          defaultValue={state.values?.lowBalanceThreshold ?? threshold}
          error={state.fieldErrors?.lowBalanceThreshold}
          hint="You are told once each time your balance falls below it. 0 turns it off."
        />
      </div>
      <SubmitButton pendingText="Saving…" pending={pending}>
        Save preferences
      </SubmitButton>
    </form>
  );
}
