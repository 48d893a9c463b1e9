"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextAreaField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";

/** Writes in a claim's chat, as the reseller or as support; the page refreshes with the message. */
export function ClaimChatForm({
  claimId,
  label,
  action,
}: {
  claimId: string;
  label: string;
  action: (previous: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const [text, setText] = useState("");
  const [state, formAction] = useActionState<ActionState, FormData>(
    async (previous, form) => {
      const result = await action(previous, form);
      if (result.ok) setText("");
      return result;
    },
    { ok: false },
  );
  return (
    <form action={formAction} className="space-y-3 border-t border-slate-100 pt-4" noValidate aria-label="The claim's chat">
      <input type="hidden" name="claimId" value={claimId} />
      {!state.ok && state.message ? <Alert tone="error">{state.fieldErrors?.text ?? state.message}</Alert> : null}
      <TextAreaField
        id="claim-chat-text"
        name="text"
        label={label}
        rows={3}
        maxLength={2000}
        mono={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <SubmitButton pendingText="Sending…">Send message</SubmitButton>
    </form>
  );
}
