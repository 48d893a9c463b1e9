"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { API_SCOPES, SCOPE_DESCRIPTIONS, type ApiScope } from "@/lib/api-keys/scope-names";
import { createKeyAction, type CreateKeyState } from "./actions";

export function CreateKeyForm({ origin, activeKeyIds }: { origin: string; activeKeyIds: string[] }) {
  const [state, formAction] = useActionState<CreateKeyState, FormData>(createKeyAction, { ok: false });
  // Held here rather than left to the form, which React resets after each submission: a refused name
  // must not quietly tick every scope again.
  const [scopes, setScopes] = useState<ReadonlySet<ApiScope>>(() => new Set(API_SCOPES));
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });
  // Once revoked, the key just created is no longer worth copying: "Copy it now" would hand out a dead key.
  const created = state.ok && state.data && activeKeyIds.includes(state.data.id) ? state.data : undefined;
  return (
    <div className="space-y-5">
      {created ? (
        <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4" role="status">
          <p className="text-sm font-semibold text-emerald-900">Key “{created.name}” created</p>
          <p className="mt-1 text-sm text-emerald-800">Copy it now: it will not be shown again.</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="new-api-key"
              className="block min-w-0 flex-1 rounded-md border border-emerald-200 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
            >
              {created.key}
            </code>
            <CopyButton text={created.key} label="Copy key" />
          </div>
          <p className="mt-3 text-xs text-emerald-800">Try it:</p>
          <pre className="mt-1 rounded-md bg-slate-900 px-3 py-2 text-xs break-all whitespace-pre-wrap text-slate-100">
            <code>{`curl -H "X-API-Key: ${created.key}" ${origin}/api/v2/balance`}</code>
          </pre>
        </div>
      ) : null}

      <form action={formAction} className="space-y-4" noValidate>
        {!state.ok && state.message && Object.keys(state.fieldErrors ?? {}).length === 0 ? <Alert tone="error">{state.message}</Alert> : null}
        <TextField
          id="key-name"
          name="name"
          label="Name"
          required
          maxLength={60}
          placeholder="Production shop"
          defaultValue={state.values?.name}
          error={state.fieldErrors?.name}
          hint="Tells your keys apart, for example the shop or server that uses it."
        />
        <TextAreaField
          id="key-allowlist"
          name="allowedIps"
          label="IP allowlist (optional)"
          rows={3}
          placeholder={"203.0.113.7\n198.51.100.0/24"}
          defaultValue={state.values?.allowedIps}
          error={state.fieldErrors?.allowedIps}
          hint="Addresses or CIDR ranges, separated by commas or new lines. Leave empty to allow any IP."
        />
        <fieldset aria-describedby="key-scopes-hint">
          <legend className="text-sm font-medium text-slate-700">Scopes</legend>
          <p id="key-scopes-hint" className="mt-1 text-xs text-slate-500">
            What the key may do. A call outside them is refused with 403 naming the scope it needs.
          </p>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {API_SCOPES.map((scope) => (
              <li key={scope}>
                <label className="flex min-h-6 items-start gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name="scopes"
                    value={scope}
                    checked={scopes.has(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                    className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 text-brand-600"
                  />
                  <span>
                    <span className="font-mono text-xs font-semibold text-slate-900">{scope}</span>
                    <span className="block text-xs text-slate-500">{SCOPE_DESCRIPTIONS[scope]}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {state.fieldErrors?.scopes ? (
            <p className="mt-1 text-sm text-red-600" role="alert">
              {state.fieldErrors.scopes}
            </p>
          ) : null}
        </fieldset>
        <SubmitButton pendingText="Creating…">Create key</SubmitButton>
      </form>
    </div>
  );
}
