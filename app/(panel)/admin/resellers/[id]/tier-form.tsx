"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { controlClasses } from "@/components/ui/field";
import type { ActionState } from "@/lib/panel/action-state";
import { setTierAction } from "./actions";

/** What setting the tier does, as the admin confirms it: whose, from what to what, and the period that follows. */
function tierQuestion(email: string, current: string, chosen: string): string {
  const change = chosen === current ? `Set ${email} to ${chosen} again?` : `Set ${email} from ${current} to ${chosen}?`;
  return chosen === "Bronze"
    ? `${change} Their paid period ends now, a paid next month included; nothing is refunded.`
    : `${change} Nothing is charged; ${chosen} runs from now for a month.`;
}

/**
 * The admin's tier control: no charge; Silver or Gold start a month from now (a paid next month follows), Bronze ends the period. Recorded.
 * The form dispatches its action itself: handed to <form action>, React resets the form after the
 * action, and a reset select shows its first option, so "Bronze" stood beside "Tier set to Gold.".
 */
export function TierForm({ resellerId, email, tier, tiers }: { resellerId: string; email: string; tier: string; tiers: readonly string[] }) {
  const [chosen, setChosen] = useState(tier);
  const [state, dispatch, pending] = useActionState<ActionState, FormData>(setTierAction, { ok: false });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <input type="hidden" name="resellerId" value={resellerId} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div>
        <label htmlFor="tier" className="block text-sm font-medium text-slate-700">
          Tier
        </label>
        <select id="tier" name="tier" value={chosen} onChange={(event) => setChosen(event.target.value)} className={controlClasses(false, "mt-1")}>
          {tiers.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-slate-500">
          Nothing is charged. Silver or Gold start a month from now, before any next month the reseller has paid for; Bronze ends the period, a paid next month
          included. The change is recorded on the Tariffs page.
        </p>
      </div>
      <ConfirmButton variant="primary" confirmLabel={`Set ${chosen}`} question={tierQuestion(email, tier, chosen)} pending={pending}>
        Set tier
      </ConfirmButton>
    </form>
  );
}
