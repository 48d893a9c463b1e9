"use client";

import { useActionState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { controlClasses, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ButtonVariant } from "@/components/ui/button";
import type { PanelState } from "@/lib/panel/panel-action";
import { inviteMemberAction } from "./actions";

type FormAction = (previous: PanelState<undefined>, form: FormData) => Promise<PanelState<undefined>>;

const ROLE_CHOICES = ["admin", "developer", "finance", "buyer", "viewer"] as const;

function Outcome({ state }: { state: PanelState<undefined> }) {
  if (!state.message) return null;
  return (
    <p className={state.ok ? "text-sm text-emerald-700" : "text-sm text-red-600"} role={state.ok ? "status" : "alert"}>
      {state.message}
    </p>
  );
}

export function InviteMemberForm() {
  const [state, formAction] = useActionState<PanelState<undefined>, FormData>(inviteMemberAction, { ok: false });
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message && !(Object.keys(state.fieldErrors ?? {}).length > 0) ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <TextField
        id="invite-email"
        name="email"
        type="email"
        label="Email"
        required
        autoComplete="off"
        defaultValue={state.ok ? "" : state.values?.email}
        error={state.fieldErrors?.email}
        placeholder="colleague@shop.example"
      />
      <div>
        <label htmlFor="invite-role" className="block text-sm font-medium text-slate-700">
          Role
        </label>
        <select
          id="invite-role"
          name="role"
          defaultValue={state.values?.role || "developer"}
          className={controlClasses(Boolean(state.fieldErrors?.role), "mt-1 h-10")}
        >
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton pendingText="Sending…">Send invitation</SubmitButton>
    </form>
  );
}

export function RoleForm({ action, memberId, role, name }: { action: FormAction; memberId: string; role: string; name: string }) {
  const [state, formAction] = useActionState<PanelState<undefined>, FormData>(action, { ok: false });
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2" aria-label={`Role of ${name}`}>
      <input type="hidden" name="memberId" value={memberId} />
      <select name="role" defaultValue={role} aria-label={`Role of ${name}`} className={controlClasses(false, "h-10 w-auto sm:h-9")}>
        {ROLE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      <SubmitButton pendingText="Saving…" variant="secondary" size="sm">
        Save role
      </SubmitButton>
      <Outcome state={state} />
    </form>
  );
}

/** One confirmed button for a change on the members page: its hidden fields, its question and its answer. */
export function ConfirmedActionForm({
  action,
  fields,
  label,
  confirmLabel,
  question,
  variant,
  name,
}: {
  action: FormAction;
  fields: Record<string, string>;
  label: ReactNode;
  confirmLabel: string;
  question: ReactNode;
  variant?: ButtonVariant;
  name: string;
}) {
  const [state, formAction] = useActionState<PanelState<undefined>, FormData>(action, { ok: false });
  return (
    <form action={formAction} className="flex flex-col items-start gap-1 sm:items-end" aria-label={name}>
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <ConfirmButton confirmLabel={confirmLabel} question={question} variant={variant}>
        {label}
      </ConfirmButton>
      <Outcome state={state} />
    </form>
  );
}
