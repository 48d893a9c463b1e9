"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { SaveWebhookState } from "@/app/(panel)/webhooks/actions";

export function WebhookSettingsForm({
  action,
  initial,
}: {
  action: (previous: SaveWebhookState, form: FormData) => Promise<SaveWebhookState>;
  initial: { url: string; enabled: boolean; extendedEvents: boolean };
}) {
  const [state, formAction] = useActionState<SaveWebhookState, FormData>(action, { ok: false });
  // What was last saved, or what a refused save sent, so the form keeps it.
  const values =
    state.ok && state.data
      ? state.data
      : state.values
        ? { url: state.values.url ?? "", enabled: state.values.enabled === "on", extendedEvents: state.values.extendedEvents === "on" }
        : initial;
  const fieldError = state.fieldErrors && Object.keys(state.fieldErrors).length > 0;
  return (
    // The key resets the uncontrolled fields to what was last submitted, so a failed save keeps the input.
    <form action={formAction} className="space-y-4" noValidate key={`${values.url}|${values.enabled}|${values.extendedEvents}`}>
      {state.message && (state.ok || !fieldError) ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <TextField
        id="webhook-url"
        name="url"
        type="url"
        inputMode="url"
        label="Endpoint URL"
        required
        maxLength={2048}
        placeholder="https://your-shop.example/webhooks/reseller"
        defaultValue={values.url}
        error={state.fieldErrors?.url}
        hint="An https:// (or http://) address on the public internet, without a user name or password."
      />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="enabled"
          defaultChecked={values.enabled}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        />
        <span className="text-sm">
          <span className="font-medium text-slate-800">Send events to this URL</span>
          <span className="block text-slate-500">Order created, order status changed and manual-service chat events, as they happen.</span>
        </span>
      </label>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="extendedEvents"
          defaultChecked={values.extendedEvents}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        />
        <span className="text-sm">
          <span className="font-medium text-slate-800">Extended events</span>
          <span className="block text-slate-500">Also send claim events (opened, updated, resolved), beyond the four standard ones.</span>
        </span>
      </label>
      <SubmitButton pendingText="Saving…">Save webhook</SubmitButton>
    </form>
  );
}
