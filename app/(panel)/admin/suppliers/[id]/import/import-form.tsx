"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextField } from "@/components/ui/field";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { ActionState } from "@/lib/panel/action-state";
import { importProductsAction, type ImportOutcome } from "../../actions";

export interface CatalogRow {
  id: string;
  name: string;
  category: string;
  group: string;
  cost: string;
  currency: string;
  available: boolean;
}

function MarginInputs({ errors, idPrefix }: { errors: Record<string, string>; idPrefix: string }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <TextField
        id={`${idPrefix}-margin`}
        name="margin"
        label="Margin"
        defaultValue="5%"
        required
        hint="A percent over cost (5%) or an amount over it (0.50)."
        error={errors.margin}
      />
      <TextField
        id={`${idPrefix}-step`}
        name="step"
        label="Price step"
        defaultValue="0.01"
        inputMode="decimal"
        hint="Prices are rounded up to it."
        error={errors.step}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:pt-6">
        <input type="checkbox" name="followCost" className="h-5 w-5 shrink-0 rounded border-slate-300" />
        Price follows cost (else a cost above the price pauses the product)
      </label>
    </div>
  );
}

function ImportOutcomeView({ state }: { state: ActionState<ImportOutcome> }) {
  if (!state.message) return null;
  return (
    <div>
      <Alert tone={state.ok ? "success" : "error"} data-testid="import-outcome">
        {state.message}
      </Alert>
      {state.data ? (
        <ul className="mt-3 space-y-1 text-sm" data-testid="import-result">
          {state.data.created.map((made) => (
            <li key={made.sku}>
              <PendingLink href={`/admin/products/${made.sku}`} className="text-brand-600 hover:text-brand-700">
                {made.name}
              </PendingLink>{" "}
              <span className="text-slate-500">
                ({made.sku}): {made.price} USD, cost {made.cost}
              </span>
            </li>
          ))}
          {state.data.skipped.map((skip) => (
            <li key={skip.upstreamId} className="text-slate-600">
              Skipped {skip.name}: {skip.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The upstream's page of products with a box each, the margin rule, and Import, which asks first. */
export function ImportForm({ supplierId, rows }: { supplierId: string; rows: CatalogRow[] }) {
  const [state, formAction] = useActionState<ActionState<ImportOutcome>, FormData>(importProductsAction, { ok: false });
  return (
    <form action={formAction} className="space-y-4" data-testid="import-form">
      <input type="hidden" name="id" value={supplierId} />
      <Table>
        <THead>
          <Tr>
            <Th>Pick</Th>
            <Th>Product</Th>
            <Th>Group</Th>
            <Th>Cost</Th>
            <Th>Upstream</Th>
          </Tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <Tr key={row.id}>
              <Td label="Pick">
                <input
                  type="checkbox"
                  name="upstreamId"
                  value={row.id}
                  disabled={!row.available}
                  aria-label={`Pick ${row.name}`}
                  className="h-5 w-5 rounded border-slate-300"
                />
              </Td>
              <Td label="Product">
                <span className="font-medium">{row.name}</span>
                <span className="block text-xs break-all text-slate-500">
                  {row.category} · {row.id}
                </span>
              </Td>
              <Td label="Group">{row.group}</Td>
              <Td label="Cost">
                {row.cost} {row.currency}
              </Td>
              <Td label="Upstream">{row.available ? "sold" : <span className="text-amber-700">not sold now</span>}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <div className="space-y-3 px-4 pb-4 sm:px-6">
        <MarginInputs errors={state.fieldErrors ?? {}} idPrefix="picked" />
        <ConfirmButton
          variant="primary"
          confirmLabel="Import"
          question="Import the picked products as ours, each at its cost in dollars plus the margin, rounded up to the step?"
        >
          Import picked
        </ConfirmButton>
        <ImportOutcomeView state={state} />
      </div>
    </form>
  );
}

/** Every product of one group of a category, on every page of the upstream's catalog. */
export function GroupImportForm({ supplierId, category, group }: { supplierId: string; category: string; group: string }) {
  const [state, formAction] = useActionState<ActionState<ImportOutcome>, FormData>(importProductsAction, { ok: false });
  return (
    <form action={formAction} className="space-y-3" data-testid="group-import-form">
      <input type="hidden" name="id" value={supplierId} />
      <input type="hidden" name="scope" value="group" />
      <input type="hidden" name="category" value={category} />
      <input type="hidden" name="group" value={group} />
      <MarginInputs errors={state.fieldErrors ?? {}} idPrefix="group" />
      <ConfirmButton
        variant="primary"
        confirmLabel="Import the group"
        question={`Import every product of ${group} (${category}) sold now, on every page, at cost plus the margin?`}
      >
        Import all of {group}
      </ConfirmButton>
      <ImportOutcomeView state={state} />
    </form>
  );
}
