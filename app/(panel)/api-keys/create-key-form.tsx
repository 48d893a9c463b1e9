"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { createKeyAction, type CreateKeyState } from "./actions";

export function CreateKeyForm({ origin, activeKeyIds }: { origin: string; activeKeyIds: string[] }) {
  const [state, formAction] = useActionState<CreateKeyState, FormData>(createKeyAction, { ok: false });
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
        <SubmitButton pendingText="Creating…">Create key</SubmitButton>
      </form>
    </div>
  );
}
