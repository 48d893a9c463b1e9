"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionState } from "@/lib/panel/action-state";
import { setTierAction } from "./actions";

/** The admin's tier control: no charge; Silver or Gold start a month from now (a paid next month follows), Bronze ends the period. Recorded. */
export function TierForm({ resellerId, tier, tiers }: { resellerId: string; tier: string; tiers: readonly string[] }) {
  const [state, formAction] = useActionState<ActionState, FormData>(setTierAction, { ok: false });
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="resellerId" value={resellerId} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <div>
        <label htmlFor="tier" className="block text-sm font-medium text-slate-700">
          Tier
        </label>
        <select
          id="tier"
          name="tier"
          defaultValue={tier}
          className="mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
        >
          {tiers.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-slate-500">
          Nothing is charged. Silver or Gold start a month from now, before any next month the reseller has paid for; Bronze ends the period, a paid next
          month included. The change is recorded on the Tariffs page.
        </p>
      </div>
      <ConfirmButton variant="primary" confirmLabel="Set tier" question="Set this tier now?">
        Set tier
      </ConfirmButton>
    </form>
  );
}
