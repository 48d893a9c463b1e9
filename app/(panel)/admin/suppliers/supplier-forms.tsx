"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { controlClasses, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { addSupplierAction, saveSupplierSettingsAction, setSupplierEnabledAction, syncNowAction, testConnectionAction } from "./actions";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

function Outcome({ state, testId }: { state: ActionState; testId: string }) {
  if (!state.message) return null;
  return (
    <Alert tone={state.ok ? "success" : "error"} data-testid={testId}>
      {state.message}
    </Alert>
  );
}

/** A one-button form on a supplier (test, sync), its answer shown beside it. */
export function SupplierButtonForm({
  id,
  action,
  label,
  pendingText,
  testId,
}: {
  id: string;
  action: "test" | "sync";
  label: string;
  pendingText: string;
  testId: string;
}) {
  const actions: Record<typeof action, Action> = { test: testConnectionAction, sync: syncNowAction };
  const [state, formAction] = useActionState<ActionState, FormData>(actions[action], { ok: false });
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="id" value={id} />
      <SubmitButton variant="secondary" size="sm" pendingText={pendingText}>
        {label}
      </SubmitButton>
      <Outcome state={state} testId={testId} />
    </form>
  );
}

/** Enable or disable, asking first and saying what stops. */
export function SupplierEnableForm({ id, enabled, offers }: { id: string; enabled: boolean; offers: number }) {
  const [state, formAction] = useActionState<ActionState, FormData>(setSupplierEnabledAction, { ok: false });
  const offerWords = `${offers} ${offers === 1 ? "offer" : "offers"}`;
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="enabled" value={enabled ? "0" : "1"} />
      {enabled ? (
        <ConfirmButton confirmLabel="Disable now" question={`Its ${offerWords} stop being used at once; orders go to the next offer.`}>
          Disable supplier
        </ConfirmButton>
      ) : (
        <ConfirmButton variant="primary" confirmLabel="Enable" question={`Its ${offerWords} are used again.`}>
          Enable supplier
        </ConfirmButton>
      )}
      <Outcome state={state} testId="supplier-enable-outcome" />
    </form>
  );
}

export function SupplierSettingsForm({ id, threshold, usdRate, maxInFlight }: { id: string; threshold: string; usdRate: string; maxInFlight: number }) {
  const [state, formAction] = useActionState<ActionState, FormData>(saveSupplierSettingsAction, { ok: false });
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="id" value={id} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextField
          id="lowBalanceThreshold"
          name="lowBalanceThreshold"
          label="Low-balance alert below (USD)"
          defaultValue={threshold}
          inputMode="decimal"
          placeholder="none"
          error={errors.lowBalanceThreshold}
        />
        <TextField
          id="usdRate"
          name="usdRate"
          label="USD per unit of its currency"
          defaultValue={usdRate}
          inputMode="decimal"
          error={errors.usdRate}
          hint="1 for a USD supplier; 1.08 for one in euros at that rate."
        />
        <TextField
          id="maxInFlight"
          name="maxInFlight"
          label="Calls at once"
          defaultValue={String(maxInFlight)}
          inputMode="numeric"
          error={errors.maxInFlight}
        />
      </div>
      <SubmitButton size="sm" pendingText="Saving…">
        Save settings
      </SubmitButton>
      <Outcome state={state} testId="supplier-settings-outcome" />
    </form>
  );
}

const CREDENTIALS: Record<string, "key" | "client" | "none"> = { sandbox: "none", "reseller-api": "key", kinguin: "key", reloadly: "client" };

/** Adding a supplier: the inputs its kind needs; credentials are write-only and shown afterwards only as a hint. */
export function AddSupplierForm({ kinds }: { kinds: readonly string[] }) {
  const [state, formAction] = useActionState<ActionState, FormData>(addSupplierAction as Action, { ok: false });
  const [kind, setKind] = useState("reseller-api");
  const errors = state.fieldErrors ?? {};
  const credentials = CREDENTIALS[kind] ?? "key";
  return (
    <form action={formAction} className="space-y-3" data-testid="add-supplier-form">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="kind" className="block text-sm font-medium text-slate-700">
            Kind
          </label>
          <select id="kind" name="kind" value={kind} onChange={(event) => setKind(event.target.value)} className={controlClasses(Boolean(errors.kind), "mt-1")}>
            {kinds.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <TextField id="name" name="name" label="Name" required error={errors.name} />
        {credentials !== "none" ? (
          <TextField
            id="url"
            name="url"
            label="Base URL"
            placeholder={kind === "reseller-api" ? "https://wholesaler.example" : "its production API unless given"}
            error={errors.url}
          />
        ) : null}
        {credentials === "key" ? <TextField id="key" name="key" label="API key" type="password" autoComplete="off" error={errors.key} /> : null}
        {credentials === "client" ? (
          <>
            <TextField id="clientId" name="clientId" label="Client id" autoComplete="off" error={errors.clientId} />
            <TextField id="clientSecret" name="clientSecret" label="Client secret" type="password" autoComplete="off" error={errors.clientSecret} />
          </>
        ) : null}
      </div>
      <SubmitButton pendingText="Adding…">Add supplier</SubmitButton>
      {!state.ok && state.message ? <Outcome state={state} testId="add-supplier-outcome" /> : null}
    </form>
  );
}
