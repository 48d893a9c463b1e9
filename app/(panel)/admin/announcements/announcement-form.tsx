"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextAreaField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PanelState } from "@/lib/panel/panel-action";
import { announceAction } from "./actions";

export function AnnouncementForm() {
  const [state, formAction] = useActionState<PanelState<undefined>, FormData>(announceAction, { ok: false });
  // After a send the fields start empty again; a refusal keeps what was typed.
  const values = state.ok ? undefined : state.values;
  return (
    <form action={formAction} key={state.ok ? state.message : "draft"} className="max-w-2xl space-y-4" noValidate>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <TextField id="announcement-title" name="title" label="Title" maxLength={120} defaultValue={values?.title} error={state.fieldErrors?.title} />
      <TextAreaField
        id="announcement-body"
        name="body"
        label="Message"
        rows={6}
        mono={false}
        maxLength={4000}
        defaultValue={values?.body}
        error={state.fieldErrors?.body}
        hint="Plain text. Every active reseller gets it under the bell, and by email unless they turned announcements off."
      />
      <SubmitButton pendingText="Sending…">Send to all resellers</SubmitButton>
    </form>
  );
}
