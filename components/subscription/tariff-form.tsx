"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { CATEGORY_LABELS } from "./category-labels";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

/** An admin's editor for one tier: monthly price and the discount per product category. */
export function TariffForm({ action, tier, price, discounts, categories }: { action: Action; tier: string; price: string; discounts: Record<string, string>; categories: readonly string[] }) {
  const [state, formAction] = useActionState<ActionState, FormData>(action, { ok: false });
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-4" data-testid={`tariff-form-${tier}`}>
      <input type="hidden" name="tier" value={tier} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <TextField id={`${tier}-price`} name="price" label="Monthly price (USD)" defaultValue={price} inputMode="decimal" required error={errors.price} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Discount per category (%)</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {categories.map((category) => (
            <TextField
              key={category}
              id={`${tier}-discount-${category}`}
              name={`discount_${category}`}
              label={<span className="text-xs font-normal text-slate-600">{CATEGORY_LABELS[category] ?? category}</span>}
              defaultValue={discounts[category] ?? "0"}
              inputMode="decimal"
              error={errors[`discount_${category}`]}
            />
          ))}
        </div>
      </fieldset>
      <SubmitButton pendingText="Saving…">Save {tier}</SubmitButton>
    </form>
  );
}
