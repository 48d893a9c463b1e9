"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextField } from "@/components/ui/field";
import type { ActionState } from "@/lib/panel/action-state";
import { tariffChanges } from "@/lib/tariffs/tariff-changes";
import { CATEGORY_LABELS } from "./category-labels";

/** A tier's price and discounts as the form shows them; a category without a discount is absent. */
export interface TariffValues {
  price: string;
  discounts: Record<string, string>;
}

type Action = (previous: ActionState<TariffValues>, form: FormData) => Promise<ActionState<TariffValues>>;

/** "Save Silver: 39.00 USD a month (was 49.00)? Prices change at once for every Silver reseller." */
function saveQuestion(tier: string, changes: string[]): string {
  return changes.length === 0
    ? `Nothing differs from the saved ${tier} tariff. Save it as it is?`
    : `Save ${tier}: ${changes.join(", ")}? Prices change at once for every ${tier} reseller.`;
}

/**
 * An admin's editor for one tier: monthly price and the discount per product category. The fields are
 * controlled because React resets a form's uncontrolled fields after every action, a refused one
 * included, which put the saved value back beside the message about the typed one. Saving asks first,
 * naming each change against the saved tariff, since every reseller of the tier is priced by it at once.
 */
export function TariffForm({
  action,
  tier,
  price,
  discounts,
  categories,
}: {
  action: Action;
  tier: string;
  price: string;
  discounts: Record<string, string>;
  categories: readonly string[];
}) {
  const [values, setValues] = useState<TariffValues>({ price, discounts });
  const [state, formAction] = useActionState<ActionState<TariffValues>, FormData>(
    async (previous, form) => {
      const result = await action(previous, form);
      // Saved, the fields show the tariff as stored ("03.50" is 3.5, an empty discount 0).
      if (result.ok && result.data) setValues(result.data);
      return result;
    },
    { ok: false },
  );
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-4" data-testid={`tariff-form-${tier}`}>
      <input type="hidden" name="tier" value={tier} />
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
      <TextField
        id={`${tier}-price`}
        name="price"
        label="Monthly price (USD)"
        value={values.price}
        onChange={(event) => setValues((current) => ({ ...current, price: event.target.value }))}
        inputMode="decimal"
        required
        error={errors.price}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Discount per category (%)</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {categories.map((category) => (
            <TextField
              key={category}
              id={`${tier}-discount-${category}`}
              name={`discount_${category}`}
              label={<span className="text-xs font-normal text-slate-600">{CATEGORY_LABELS[category] ?? category}</span>}
              value={values.discounts[category] ?? "0"}
              onChange={(event) => setValues((current) => ({ ...current, discounts: { ...current.discounts, [category]: event.target.value } }))}
              inputMode="decimal"
              error={errors[`discount_${category}`]}
            />
          ))}
        </div>
      </fieldset>
      <ConfirmButton
        variant="primary"
        confirmLabel={`Save ${tier}`}
        question={saveQuestion(tier, tariffChanges({ price, discounts }, values, categories, CATEGORY_LABELS))}
      >
        Save {tier}…
      </ConfirmButton>
    </form>
  );
}
