"use client";

import { useState, useTransition, type FormEvent } from "react";
import { ChargeSummary } from "@/components/orders/charge-summary";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { BulkOutcome, BulkReview } from "@/lib/orders/bulk-order";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { placeBulkOrderAction, reviewBulkOrderAction } from "./actions";

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const placed = (outcome: BulkOutcome): outcome is Extract<BulkOutcome, { orderId: string }> => "orderId" in outcome;

/**
 * The list of skus and quantities; Review prices it at the reseller's tier and names the lines that
 * cannot be ordered; Confirm places one order a line and shows each line's outcome.
 */
export function BulkOrderForm({ balance }: { balance: string }) {
  const [text, setText] = useState("");
  const [review, setReview] = useState<BulkReview | null>(null);
  // The batch's key belongs to the text it was made for: reviewing that text again (after Back, or
  // after an answer that never came) keeps it, so confirming again charges no line twice.
  const [batch, setBatch] = useState<{ key: string; text: string } | null>(null);
  const [outcomes, setOutcomes] = useState<BulkOutcome[] | null>(null);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  const current = parseMoney(balance) ?? 0n;
  const total = review ? (parseMoney(review.total) ?? 0n) : 0n;
  const short = current < total;

  function onReview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    startTransition(async () => {
      const result = await reviewBulkOrderAction(text);
      if (!result.ok || !result.data) return setError(result.message ?? "The list could not be reviewed.");
      setReview(result.data);
      if (batch?.text !== text) setBatch({ key: newKey(), text });
    });
  }

  function onConfirm() {
    if (!review || !batch) return;
    setError(undefined);
    startTransition(async () => {
      try {
        const result = await placeBulkOrderAction(review.items, batch.key);
        if (!result.ok || !result.data) return setError(result.message ?? "The orders could not be placed.");
        // The lines the review refused were not sent; they stay in the outcome, with the review's reason.
        const notSent = review.refused.map(({ line, text: given, reason }) => ({ line, text: given, error: reason }));
        setOutcomes([...result.data, ...notSent].sort((a, b) => a.line - b.line));
        setReview(null);
      } catch {
        setError("The answer did not arrive, so some lines may have been placed. Confirm again: a line already placed is not charged twice.");
      }
    });
  }

  function startOver() {
    setText("");
    setReview(null);
    setBatch(null);
    setOutcomes(null);
    setError(undefined);
  }

  if (outcomes) {
    const done = outcomes.filter(placed);
    const spent = done.reduce((sum, outcome) => sum + (parseMoney(outcome.total) ?? 0n), 0n);
    const refused = outcomes.length - done.length;
    return (
      <div className="space-y-4" data-testid="bulk-outcomes">
        <Alert tone={refused ? "warning" : "success"}>
          <span data-testid="bulk-summary">
            Placed {done.length} {done.length === 1 ? "order" : "orders"} for {formatMoney(spent)} USD.
            {refused ? ` ${refused} ${refused === 1 ? "line was" : "lines were"} not ordered and cost nothing.` : ""}
          </span>
        </Alert>
        <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {outcomes.map((outcome) => (
            <li key={outcome.line} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm" data-testid="bulk-outcome">
              <span className="min-w-0 wrap-anywhere">
                <span className="text-slate-500">Line {outcome.line}: </span>
                <span className="font-mono">{outcome.text}</span>
              </span>
              {placed(outcome) ? (
                <span className="flex items-center gap-2">
                  <OrderStatusBadge status={outcome.status} />
                  <span className="tabular-nums">{outcome.total} USD</span>
                  <PendingLink href={`/orders/${outcome.orderId}`} className="font-medium text-brand-600 hover:text-brand-700 hover:underline">
                    {outcome.orderId}
                  </PendingLink>
                </span>
              ) : (
                <span className="text-red-600" data-testid="bulk-outcome-error">
                  {outcome.error}
                </span>
              )}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button onClick={startOver}>Start a new bulk order</Button>
          <PendingLink href="/orders" className={buttonClasses("secondary")}>
            See all orders
          </PendingLink>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onReview} className="space-y-5" noValidate aria-label="Bulk order">
      {error && !review ? <Alert tone="error">{error}</Alert> : null}
      <TextAreaField
        id="bulk-lines"
        label="Products and quantities"
        rows={8}
        value={text}
        readOnly={review !== null || pending}
        placeholder={"giftcard-steam-us-10,3\ngiftcard-psn-us-25,1"}
        onChange={(event) => setText(event.target.value)}
        hint="One order a line: the sku, a comma and the quantity (1 when left out). Up to 50 lines. Products that need details, such as a player id, are ordered from their own page."
      />
      {review ? (
        <div className="space-y-4 rounded-lg border border-amber-200 bg-amber-50 p-4" role="region" aria-label="Confirm orders" data-testid="bulk-review">
          <p className="text-sm font-semibold text-slate-900">Confirm your orders</p>
          {review.items.length > 0 ? (
            <Table className="rounded-md bg-white">
              <THead>
                <tr>
                  <Th>Product</Th>
                  <Th align="right">Quantity</Th>
                  <Th align="right">Price</Th>
                  <Th align="right">Total</Th>
                </tr>
              </THead>
              <TBody>
                {review.items.map((item) => (
                  <Tr key={item.line}>
                    <Td text>
                      {item.name}
                      <span className="block font-mono text-xs font-normal text-slate-500">{item.sku}</span>
                    </Td>
                    <Td label="Quantity" align="right" className="tabular-nums">
                      {item.quantity}
                    </Td>
                    <Td label="Price" align="right" className="tabular-nums">
                      {item.unitPrice}
                    </Td>
                    <Td label="Total" align="right" className="tabular-nums">
                      {item.total}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          ) : (
            <p className="text-sm text-slate-700">No line can be ordered as it is.</p>
          )}
          {review.refused.length > 0 ? (
            <div data-testid="bulk-refused">
              <p className="text-sm font-medium text-slate-900">
                {review.refused.length === 1 ? "This line will not be ordered:" : `These ${review.refused.length} lines will not be ordered:`}
              </p>
              <ul className="mt-1 space-y-1 text-sm text-slate-700">
                {review.refused.map((refusal) => (
                  <li key={refusal.line} className="wrap-anywhere">
                    Line {refusal.line} (<span className="font-mono">{refusal.text}</span>): {refusal.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <ChargeSummary
            label={`${review.items.length} ${review.items.length === 1 ? "order" : "orders"}`}
            total={total}
            balance={current}
            what="these orders"
            testIds="bulk"
          />
          {/* Beside the button it answers, which on a phone is a screen below the form's top. */}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            {short || review.items.length === 0 ? null : (
              <Button onClick={onConfirm} disabled={pending}>
                {pending ? "Placing orders…" : `Place ${review.items.length} ${review.items.length === 1 ? "order" : "orders"} for ${review.total} USD`}
              </Button>
            )}
            <Button variant="ghost" onClick={() => setReview(null)} disabled={pending}>
              Back
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending || text.trim() === ""}>
            {pending ? "Reviewing…" : "Review orders"}
          </Button>
          <p className="text-xs text-slate-500">Nothing is charged until you confirm. Balance: {balance} USD.</p>
        </div>
      )}
    </form>
  );
}
