"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { controlClasses, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { addOfferAction, setSellAtLossAction, updateOfferAction } from "../actions";

export interface OfferRow {
  id: string;
  supplierName: string;
  supplierEnabled: boolean;
  upstreamProductId: string;
  cost: string;
  priority: number;
  enabled: boolean;
  available: boolean;
  aboveListPrice: boolean;
}

function Outcome({ state }: { state: ActionState }) {
  return state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null;
}

function OfferForm({ row }: { row: OfferRow }) {
  const [state, formAction] = useActionState<ActionState, FormData>(updateOfferAction, { ok: false });
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-2 border-b border-slate-100 px-4 py-4 sm:px-6" data-testid="offer-row">
      <input type="hidden" name="offerId" value={row.id} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-900">{row.supplierName}</span>
        <span className="break-all text-slate-500">{row.upstreamProductId}</span>
        {row.supplierEnabled ? null : <Badge tone="red">Supplier disabled</Badge>}
        {row.available ? null : <Badge tone="amber">Not sold upstream</Badge>}
        {row.aboveListPrice ? <Badge tone="amber">Above the list price: skipped unless selling at a loss</Badge> : null}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:items-end">
        <TextField id={`cost-${row.id}`} name="cost" label="Cost (USD)" defaultValue={row.cost} inputMode="decimal" error={errors.cost} />
        <TextField id={`priority-${row.id}`} name="priority" label="Priority" defaultValue={String(row.priority)} inputMode="numeric" error={errors.priority} />
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:pb-2">
          <input type="checkbox" name="enabled" defaultChecked={row.enabled} className="h-5 w-5 rounded border-slate-300" />
          Enabled
        </label>
        <SubmitButton variant="secondary" size="sm" pendingText="Saving…">
          Save offer
        </SubmitButton>
      </div>
      <Outcome state={state} />
    </form>
  );
}

/** The product's offers in routing order, each editable, a form to add one, and the sell-at-a-loss switch. */
export function ProductOffers({
  sku,
  rows,
  suppliers,
  sellAtLossAllowed,
}: {
  sku: string;
  rows: OfferRow[];
  suppliers: { id: string; name: string }[];
  sellAtLossAllowed: boolean;
}) {
  const [added, addAction] = useActionState<ActionState, FormData>(addOfferAction, { ok: false });
  const [loss, lossAction] = useActionState<ActionState, FormData>(setSellAtLossAction, { ok: false });
  const errors = added.fieldErrors ?? {};
  return (
    <div>
      {rows.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-600 sm:px-6">No offers: an order of it fails with its charge back until one is added.</p>
      ) : (
        rows.map((row) => <OfferForm key={row.id} row={row} />)
      )}
      <form action={addAction} className="space-y-3 border-b border-slate-100 px-4 py-4 sm:px-6" data-testid="add-offer-form">
        <input type="hidden" name="sku" value={sku} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
          <div>
            <label htmlFor="offer-supplier" className="block text-sm font-medium text-slate-700">
              Supplier
            </label>
            <select id="offer-supplier" name="supplierId" className={controlClasses(Boolean(errors.supplierId), "mt-1")}>
              {suppliers.map((supplier) => (
                <option key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </option>
              ))}
            </select>
          </div>
          <TextField id="offer-upstream" name="upstreamProductId" label="Its product id" required error={errors.upstreamProductId} />
          <TextField id="offer-cost" name="cost" label="Cost (USD)" inputMode="decimal" required error={errors.cost} />
          <TextField id="offer-priority" name="priority" label="Priority" defaultValue="0" inputMode="numeric" error={errors.priority} />
        </div>
        <SubmitButton size="sm" pendingText="Adding…">
          Add offer
        </SubmitButton>
        <Outcome state={added} />
      </form>
      <form action={lossAction} className="space-y-2 px-4 py-4 sm:px-6">
        <input type="hidden" name="sku" value={sku} />
        <input type="hidden" name="allowed" value={sellAtLossAllowed ? "0" : "1"} />
        <p className="text-sm text-slate-600">
          Selling at a loss is <strong>{sellAtLossAllowed ? "allowed" : "not allowed"}</strong>:{" "}
          {sellAtLossAllowed
            ? "an offer dearer than what the reseller paid may be bought."
            : "an offer dearer than what the reseller paid is skipped, and the refusal recorded."}
        </p>
        <ConfirmButton
          variant={sellAtLossAllowed ? "primary" : "danger"}
          confirmLabel={sellAtLossAllowed ? "Stop selling at a loss" : "Allow selling at a loss"}
          question={
            sellAtLossAllowed
              ? "Offers dearer than the price paid are skipped again."
              : "Orders may then be bought for more than the reseller paid: each such order loses money."
          }
        >
          {sellAtLossAllowed ? "Stop selling at a loss" : "Allow selling at a loss"}
        </ConfirmButton>
        <Outcome state={loss} />
      </form>
    </div>
  );
}
