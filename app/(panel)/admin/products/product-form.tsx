"use client";

import { startTransition, useActionState, useRef, useState, type FormEvent, type ReactNode, type SelectHTMLAttributes } from "react";
import { CATEGORY_TABS } from "@/components/catalog/categories";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClasses, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import { createProductAction, updateProductAction } from "./actions";
import type { ProductFormValues } from "./product-form-values";

function Select({
  id,
  label,
  error,
  children,
  ...props
}: { id: string; label: string; error?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} className={controlClasses(Boolean(error), "mt-1 h-10 sm:h-9")} {...props}>
        {children}
      </select>
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </div>
  );
}

function Fieldset({ legend, description, children }: { legend: string; description?: string; children: ReactNode }) {
  const id = `fieldset-${legend.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <div role="group" aria-labelledby={id} className="min-w-0 border-t border-slate-100 pt-5">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {legend}
      </h3>
      {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </div>
  );
}

/**
 * `notice` is shown as the form's outcome until its first save, which replaces it: shown above the
 * page, "The product was created." stood beside a later save's refusal for as long as the page was open.
 */
export function ProductForm({ mode, initial, notice }: { mode: "new" | "edit"; initial: ProductFormValues; notice?: string }) {
  const [rows, setRows] = useState(() => initial.fields.map((field, index) => ({ ...field, key: `row-${index}` })));
  const rowCount = useRef(initial.fields.length);
  const nextKey = () => `row-${rowCount.current++}`;
  const [state, dispatch, pending] = useActionState<ActionState, FormData>(
    mode === "new" ? createProductAction : updateProductAction,
    notice ? { ok: true, message: notice } : { ok: false },
  );
  const errors = state.ok ? {} : (state.fieldErrors ?? {});

  function setRow(key: string, patch: Partial<ProductFormValues["fields"][number]>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  }

  // The product's own fields are read from the form when it is sent, and the form is never reset (it
  // is sent from onSubmit, not as a form action), so they need no state: only the order fields' rows,
  // which are added and removed, have some.
  const text = (key: "name" | "group" | "region" | "listPrice" | "minQuantity" | "maxQuantity" | "lowStockThreshold") => ({
    name: key,
    defaultValue: initial[key],
    error: errors[key],
  });
  const meta = (key: keyof ProductFormValues["meta"]) => ({ name: `meta.${key}`, defaultValue: initial.meta[key], error: errors[`meta.${key}`] });

  return (
    <form onSubmit={submit} className="space-y-6" noValidate aria-label={mode === "new" ? "New product" : "Edit product"}>
      <input type="hidden" name="fieldsJson" value={JSON.stringify(rows.map(({ key: _key, ...field }) => field))} />
      {mode === "edit" ? <input type="hidden" name="sku" value={initial.sku} /> : null}
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        {mode === "new" ? (
          <TextField
            id="product-sku"
            name="sku"
            label="SKU"
            autoComplete="off"
            placeholder="giftcard-steam-us-100"
            defaultValue={initial.sku}
            error={errors.sku}
            hint="Lowercase letters, digits and dashes; it cannot change later."
          />
        ) : null}
        <Select id="product-category" name="category" label="Category" defaultValue={initial.category} error={errors.category}>
          {CATEGORY_TABS.filter((tab) => tab.value).map((tab) => (
            <option key={tab.value} value={tab.value}>
              {tab.label}
            </option>
          ))}
        </Select>
        <TextField id="product-name" label="Name" autoComplete="off" placeholder="Steam Gift Card 100 USD" {...text("name")} />
        <TextField
          id="product-group"
          label="Group"
          autoComplete="off"
          placeholder="Steam"
          hint="The game, brand or service it is listed under."
          {...text("group")}
        />
        <TextField id="product-region" label="Region" autoComplete="off" placeholder="GLOBAL" {...text("region")} />
        <TextField
          id="product-price"
          label="List price (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="19.40"
          hint="Before tier discounts."
          {...text("listPrice")}
        />
        <Select id="product-fulfilment" name="fulfilment" label="Fulfilment" defaultValue={initial.fulfilment} error={errors.fulfilment}>
          <option value="stock">Stock (uploaded codes)</option>
          <option value="supplier">Supplier</option>
          <option value="manual">Manual (handled by an admin)</option>
        </Select>
      </div>

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <TextField id="product-min" label="Min quantity" type="number" inputMode="numeric" min={1} {...text("minQuantity")} />
        <TextField id="product-max" label="Max quantity" type="number" inputMode="numeric" min={1} {...text("maxQuantity")} />
        <TextField id="product-low" label="Low-stock threshold" type="number" inputMode="numeric" min={0} {...text("lowStockThreshold")} />
      </div>

      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" name="enabled" defaultChecked={initial.enabled} className="h-4 w-4 rounded border-slate-300 text-brand-600" />
        Enabled (on sale to resellers)
      </label>

      <Fieldset legend="Attributes" description="Optional facts by category: leave empty what does not apply.">
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
          <Select id="meta-platform" name="meta.platform" label="Key platform" defaultValue={initial.meta.platform} error={errors["meta.platform"]}>
            <option value="">—</option>
            <option value="platform-a">platform-a</option>
            <option value="platform-b">platform-b</option>
            <option value="others">others</option>
          </Select>
          <TextField id="meta-appid" label="Gift app id" inputMode="numeric" autoComplete="off" {...meta("appid")} />
          <TextField id="meta-months" label="Premium months" inputMode="numeric" autoComplete="off" {...meta("months")} />
          <TextField id="meta-stars" label="Stars" inputMode="numeric" autoComplete="off" {...meta("stars")} />
          <TextField id="meta-wallet-currency" label="Wallet currency" autoComplete="off" placeholder="USD" {...meta("walletCurrency")} />
          <TextField id="meta-wallet-amount" label="Wallet amount" inputMode="decimal" autoComplete="off" placeholder="10.00" {...meta("walletAmount")} />
        </div>
      </Fieldset>

      <Fieldset legend="Order fields" description="What a reseller fills in when ordering, such as a player id. The pattern is a regular expression.">
        {errors.fields ? <p className="mb-3 text-sm text-red-600">{errors.fields}</p> : null}
        {rows.length === 0 ? <p className="mb-3 text-sm text-slate-500">No fields: the product needs nothing but a quantity.</p> : null}
        <ol className="space-y-3">
          {rows.map((row, index) => (
            <li key={row.key} className="rounded-lg border border-slate-200 p-3" data-testid="field-row">
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_auto_auto] lg:items-start">
                <TextField
                  id={`field-${row.key}-name`}
                  label="Name"
                  autoComplete="off"
                  placeholder="player_id"
                  value={row.name}
                  onChange={(event) => setRow(row.key, { name: event.target.value })}
                  error={errors[`fields.${index}.name`]}
                />
                <TextField
                  id={`field-${row.key}-label`}
                  label="Label"
                  autoComplete="off"
                  placeholder="Player ID"
                  value={row.label}
                  onChange={(event) => setRow(row.key, { label: event.target.value })}
                  error={errors[`fields.${index}.label`]}
                />
                <TextField
                  id={`field-${row.key}-pattern`}
                  label="Pattern"
                  autoComplete="off"
                  placeholder="^[0-9]{5,12}$"
                  className="font-mono"
                  value={row.pattern}
                  onChange={(event) => setRow(row.key, { pattern: event.target.value })}
                  error={errors[`fields.${index}.pattern`]}
                />
                <label className="flex items-center gap-2 text-sm font-medium text-slate-700 lg:mt-8">
                  <input
                    type="checkbox"
                    checked={row.required}
                    onChange={(event) => setRow(row.key, { required: event.target.checked })}
                    className="h-4 w-4 rounded border-slate-300 text-brand-600"
                  />
                  Required
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  className="justify-self-start text-red-700 lg:mt-7"
                  onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => setRows((current) => [...current, { key: nextKey(), name: "", label: "", required: true, pattern: "" }])}
          disabled={rows.length >= 10}
        >
          Add field
        </Button>
      </Fieldset>

      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-5">
        <SubmitButton pending={pending} pendingText="Saving…">
          {mode === "new" ? "Create product" : "Save changes"}
        </SubmitButton>
      </div>
    </form>
  );
}
