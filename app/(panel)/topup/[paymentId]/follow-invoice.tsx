"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { usePolling } from "@/components/panel/use-polling";
import { isOpen } from "@/lib/payments/payment-status";
import type { PaymentRecord } from "@/lib/payments/serialize";

export const INVOICE_POLL_MS = 2000;

/** What the page shows of an invoice that can change: its status, what was received, each transfer's state. */
function shownState(invoice: PaymentRecord): string {
  return JSON.stringify([invoice.status, invoice.received_amount, invoice.transfers.map((t) => [t.tx_hash, t.status, t.amount])]);
}

async function fetchState(id: string): Promise<{ state: string; open: boolean }> {
  const response = await fetch(`/api/v2/payments/${encodeURIComponent(id)}`, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`The invoice answered ${response.status}`);
  const invoice = (await response.json()) as PaymentRecord;
  return { state: shownState(invoice), open: isOpen(invoice.status) };
}

/**
 * Follows an open invoice on the chain: reads it every INVOICE_POLL_MS and, when a transfer, a credit
 * or its status changes, has the server render the page again (a credit moves the balance in the
 * panel's frame too). Stops once the invoice is paid or expired.
 */
export function FollowInvoice({ shown }: { shown: PaymentRecord }) {
  const router = useRouter();
  const rendered = shownState(shown);
  const { data, failed } = usePolling({
    key: shown.payment_id,
    initial: { state: rendered, open: true },
    load: () => fetchState(shown.payment_id),
    every: (current) => (current.open ? INVOICE_POLL_MS : false),
  });
  useEffect(() => {
    if (data.state !== rendered) router.refresh();
  }, [data.state, rendered, router]);
  return failed ? "Reconnecting…" : "Updates by itself";
}
