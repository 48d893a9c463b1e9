"use client";

import { startTransition, useActionState, useState, useTransition, type FormEvent } from "react";
import { ChargeSummary } from "@/components/orders/charge-summary";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PendingLink } from "@/components/ui/pending-link";
import { SubmitButton } from "@/components/ui/submit-button";
import { describePattern, patternError } from "@/lib/catalog/describe-pattern";
import type { ProductRecord } from "@/lib/catalog/serialize";
import { formatMoney, parseMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { checkRecipientAction, placeOrderAction, type RecipientCheckResult } from "./actions";

type Product = Pick<ProductRecord, "sku" | "name" | "price" | "stock" | "in_stock" | "min_quantity" | "max_quantity" | "fields">;

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Fields, quantity and reference; Review shows unit price × quantity = total against the balance;
 * Confirm places the order (the server checks everything again) and opens the order page.
 */
export function OrderForm({ product, balance, recipientField }: { product: Product; balance: string; recipientField: string | null }) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(product.fields.map((f) => [f.name, ""])));
  const [quantity, setQuantity] = useState(String(product.min_quantity));
  const [reference, setReference] = useState("");
  const [reviewing, setReviewing] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [check, setCheck] = useState<RecipientCheckResult | null>(null);
  const [checking, startCheck] = useTransition();
  // The server's refusal joins the form's own errors, so editing a field or reviewing again clears it
  // like any other; left in the action's state it outlived the input it was about.
  const [refusal, setRefusal] = useState<{ message: string; aboutFields: boolean }>();
  const [, dispatch, pending] = useActionState<ActionState, FormData>(
    async (previous, form) => {
      const result = await placeOrderAction(previous, form);
      setReviewing(false);
      const refused = result.fieldErrors ?? {};
      setFieldErrors(refused);
      setRefusal(!result.ok && result.message ? { message: result.message, aboutFields: Object.keys(refused).length > 0 } : undefined);
      return result;
    },
    { ok: false },
  );

  const unit = parseMoney(product.price) ?? 0n;
  const current = parseMoney(balance) ?? 0n;
  const qty = /^\d{1,6}$/.test(quantity.trim()) ? Number(quantity.trim()) : null;
  const total = qty === null ? null : unit * BigInt(qty);
  const after = total === null ? null : current - total;
  const short = after !== null && after < 0n;

  function validate(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const field of product.fields) {
      const value = values[field.name]?.trim() ?? "";
      if (!value) {
        if (field.required) errors[`fields.${field.name}`] = `${field.label} is required.`;
        continue;
      }
      if (field.pattern && !new RegExp(field.pattern).test(value)) errors[`fields.${field.name}`] = patternError(field.label, field.pattern);
    }
    if (qty === null || qty < product.min_quantity || qty > product.max_quantity) {
      errors.quantity = `Enter a whole number from ${product.min_quantity} to ${product.max_quantity}.`;
    } else if (product.stock !== null && qty > product.stock) {
      errors.quantity = `Only ${product.stock} in stock.`;
    }
    if (reference.trim().length > 64) errors.reference = "Use at most 64 characters.";
    return errors;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reviewing) {
      setRefusal(undefined);
      const errors = validate();
      setFieldErrors(errors);
      if (Object.keys(errors).length === 0) {
        setIdempotencyKey(newKey());
        setReviewing(true);
      }
      return;
    }
    if (short) return;
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  }

  function runCheck() {
    setCheck(null);
    startCheck(async () => {
      const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));
      const answer = await checkRecipientAction(product.sku, trimmed);
      setCheck(
        answer.ok && answer.data ? answer.data : { valid: false, reason: answer.message ?? "The check is unavailable right now. Try again in a moment." },
      );
    });
  }

  // "Check the highlighted fields" goes once no field is highlighted any more.
  const showRefusal = refusal && !reviewing && (!refusal.aboutFields || Object.keys(fieldErrors).length > 0);
  const fixed = product.min_quantity === product.max_quantity;
  // The confirmation repeats who receives the order, where a mistyped id costs the reseller the charge.
  const recipient = product.fields.flatMap((field) => {
    const value = values[field.name]?.trim();
    return value ? [{ label: field.label, value }] : [];
  });

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate aria-label={`Order ${product.name}`}>
      <input type="hidden" name="sku" value={product.sku} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {/* The unit price the confirmation shows: the server refuses to charge more than it. */}
      <input type="hidden" name="confirmedPrice" value={product.price} />
      {showRefusal ? <Alert tone="error">{refusal.message}</Alert> : null}

      {product.fields.map((field) => {
        const id = `field-${field.name}`;
        const isRecipient = field.name === recipientField;
        const hint = describePattern(field.pattern);
        return (
          <div key={field.name}>
            <div className={isRecipient ? "flex items-start gap-2" : undefined}>
              <div className="min-w-0 flex-1">
                <TextField
                  id={id}
                  name={`fields.${field.name}`}
                  label={
                    <>
                      {field.label}
                      {field.required ? null : <span className="font-normal text-slate-500"> (optional)</span>}
                    </>
                  }
                  autoComplete="off"
                  value={values[field.name] ?? ""}
                  readOnly={reviewing}
                  required={field.required}
                  onChange={(event) => {
                    const value = event.target.value;
                    setValues((current) => ({ ...current, [field.name]: value }));
                    setFieldErrors(({ [`fields.${field.name}`]: _dropped, ...rest }) => rest);
                    setCheck(null);
                  }}
                  error={fieldErrors[`fields.${field.name}`]}
                  hint={hint ?? undefined}
                />
              </div>
              {isRecipient ? (
                <Button variant="secondary" className="mt-6 shrink-0" onClick={runCheck} disabled={checking || reviewing || !values[field.name]?.trim()}>
                  {checking ? "Checking…" : "Check"}
                </Button>
              ) : null}
            </div>
            {isRecipient && check ? (
              <p
                data-testid="recipient-check"
                role="status"
                className={check.valid ? "mt-1 text-sm font-medium text-emerald-700" : "mt-1 text-sm text-red-600"}
              >
                {check.valid ? `✓ ${check.nickname}` : `✗ ${check.reason}`}
              </p>
            ) : null}
          </div>
        );
      })}

      <div className="grid gap-4 sm:grid-cols-2">
        {fixed ? (
          <div>
            <p className="block text-sm font-medium text-slate-700">Quantity</p>
            <p className="mt-1 py-2 text-sm text-slate-900">{product.min_quantity}</p>
            <input type="hidden" name="quantity" value={product.min_quantity} />
          </div>
        ) : (
          <TextField
            id="order-quantity"
            name="quantity"
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={product.min_quantity}
            max={product.max_quantity}
            step={1}
            value={quantity}
            readOnly={reviewing}
            onChange={(event) => {
              setQuantity(event.target.value);
              setFieldErrors(({ quantity: _dropped, ...rest }) => rest);
            }}
            error={fieldErrors.quantity}
            hint={`${product.min_quantity}–${product.max_quantity} per order${product.stock !== null ? `, ${product.stock} in stock` : ""}.`}
          />
        )}
        <TextField
          id="order-reference"
          name="reference"
          label={
            <>
              Your reference <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          autoComplete="off"
          maxLength={64}
          placeholder="shop-order-8812"
          value={reference}
          readOnly={reviewing}
          onChange={(event) => {
            setReference(event.target.value);
            setFieldErrors(({ reference: _dropped, ...rest }) => rest);
          }}
          error={fieldErrors.reference}
          hint="Your own order id; unique among your orders."
        />
      </div>

      {reviewing && total !== null && after !== null && qty !== null ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4" role="region" aria-label="Confirm order" data-testid="order-review">
          <p className="text-sm font-semibold text-slate-900">Confirm your order</p>
          <p className="mt-1 text-sm wrap-anywhere text-slate-900" data-testid="review-product">
            {qty} × {product.name}
          </p>
          {recipient.length > 0 ? (
            <p className="text-sm wrap-anywhere text-slate-600" data-testid="review-recipient">
              To {recipient.map(({ label, value }) => `${label} ${value}`).join(", ")}
            </p>
          ) : null}
          <ChargeSummary
            label={
              <>
                {product.price} × {qty}
              </>
            }
            total={total}
            balance={current}
            what="this order"
            testIds="review"
          />
          <div className="mt-4 flex flex-wrap gap-2">
            {short ? null : (
              <SubmitButton pending={pending} pendingText="Placing order…">
                Confirm and pay {formatMoney(total)} USD
              </SubmitButton>
            )}
            <Button variant="ghost" onClick={() => setReviewing(false)} disabled={pending}>
              Back
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">Review order</Button>
          {total !== null ? (
            <span className="text-sm text-slate-500 tabular-nums">
              Total <span className="font-semibold text-slate-900">{formatMoney(total)} USD</span>
            </span>
          ) : null}
        </div>
      )}
      {!reviewing ? (
        <p className="text-xs text-slate-500">
          Nothing is charged until you confirm. <span className="whitespace-nowrap">Balance: {balance} USD.</span>{" "}
          <PendingLink href="/topup" className={buttonClasses("ghost", "sm", "px-1 py-0 text-xs text-brand-600")}>
            Top up
          </PendingLink>
        </p>
      ) : null}
    </form>
  );
}
