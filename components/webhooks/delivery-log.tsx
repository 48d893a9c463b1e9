"use client";

import { useEffect, useState, useTransition, type ReactNode } from "react";
import { usePolling } from "@/components/panel/use-polling";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { ActionState } from "@/lib/panel/action-state";
import { formatDateTime } from "@/lib/panel/format";
import type { DeliveryRecord } from "@/lib/webhooks/deliveries";
import { DeliveryOutcome } from "./delivery-outcome";
import { DELIVERY_LOG_PAGE, onDeliveryLogRefresh } from "./delivery-log-refresh";

export const DELIVERY_LOG_POLL_MS = 3000;
const MAX_SHOWN = 100;

interface DeliveryPage {
  data: DeliveryRecord[];
  next_cursor: string | null;
}

async function fetchDeliveries(limit: number): Promise<DeliveryPage> {
  const response = await fetch(`/api/v2/account/webhook/deliveries?limit=${limit}`, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`The delivery log answered ${response.status}`);
  return response.json();
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere text-slate-800">{children}</dd>
    </div>
  );
}

const triggerLabel: Record<DeliveryRecord["trigger"], string | null> = { event: null, redelivery: "Redelivery", test: "Test" };

function DeliveryItem({ delivery, onRedeliver, busy }: { delivery: DeliveryRecord; onRedeliver: (id: string) => void; busy: boolean }) {
  const trigger = triggerLabel[delivery.trigger];
  return (
    <li className="px-4 py-4 sm:px-6" data-testid="delivery-row" data-delivery-id={delivery.delivery_id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-mono text-sm font-medium text-slate-900">{delivery.event}</p>
            {trigger ? <Badge tone="blue">{trigger}</Badge> : null}
          </div>
          <p className="mt-0.5 font-mono text-xs break-all text-slate-500">{delivery.event_id}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => onRedeliver(delivery.delivery_id)} disabled={busy || delivery.status === "pending"}>
          {busy ? "Sending…" : "Redeliver"}
        </Button>
      </div>
      <div className="mt-3">
        <DeliveryOutcome delivery={delivery} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Fact label="Sent">{formatDateTime(delivery.created_at)}</Fact>
        <Fact label="Attempt">{delivery.attempt}</Fact>
        <Fact label="Next retry">{delivery.next_retry_at ? formatDateTime(delivery.next_retry_at) : "None"}</Fact>
        <Fact label="URL">
          <span className="font-mono text-xs break-all">{delivery.url}</span>
        </Fact>
      </dl>
      <details className="group mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-600 select-none hover:text-brand-700">Payload and answer</summary>
        <div className="mt-2 space-y-2">
          <pre
            tabIndex={0}
            aria-label="Payload"
            className="max-h-80 overflow-auto rounded-md bg-slate-900 px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-100"
            data-testid="delivery-payload"
          >
            {prettyJson(delivery.payload)}
          </pre>
          <p className="text-xs font-medium text-slate-500">Receiver&apos;s answer (first 1 KiB)</p>
          <pre
            tabIndex={0}
            aria-label="Receiver's answer"
            className="max-h-40 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200"
          >
            {delivery.response_body || "(empty)"}
          </pre>
        </div>
      </details>
    </li>
  );
}

/** The delivery log, kept current by polling the API with the session cookie. */
export function DeliveryLog({
  initial,
  redeliverAction,
}: {
  initial: DeliveryPage;
  redeliverAction: (id: string) => Promise<ActionState<{ delivery: DeliveryRecord }>>;
}) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  const [limit, setLimit] = useState(DELIVERY_LOG_PAGE);
  const log = usePolling({ key: String(limit), initial, load: () => fetchDeliveries(limit), every: DELIVERY_LOG_POLL_MS });
  const { data, failed: isError, refresh } = log;
  useEffect(() => onDeliveryLogRefresh(refresh), [refresh]);

  const onRedeliver = (id: string) => {
    setBusyId(id);
    setMessage(null);
    startTransition(async () => {
      const result = await redeliverAction(id);
      if (!result.ok) setMessage(result.message ?? "The redelivery could not be sent.");
      await refresh();
      setBusyId(null);
    });
  };

  return (
    <div>
      {message ? (
        <div className="px-4 pt-4 sm:px-6">
          <Alert tone="error">{message}</Alert>
        </div>
      ) : null}
      {isError ? (
        <div className="px-4 pt-4 sm:px-6">
          <Alert tone="warning">The log could not be refreshed; retrying…</Alert>
        </div>
      ) : null}
      {data.data.length === 0 ? (
        <EmptyState title="No deliveries yet">Send a test event, or place an order: each attempt shows up here within seconds.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="delivery-log">
          {data.data.map((delivery) => (
            <DeliveryItem key={delivery.delivery_id} delivery={delivery} onRedeliver={onRedeliver} busy={busyId === delivery.delivery_id} />
          ))}
        </ul>
      )}
      {data.next_cursor ? (
        <div className="border-t border-slate-100 px-4 py-3 text-center sm:px-6">
          {limit < MAX_SHOWN ? (
            <Button variant="ghost" size="sm" onClick={() => setLimit((n) => Math.min(n + DELIVERY_LOG_PAGE, MAX_SHOWN))} disabled={log.fetching}>
              {log.previousKey ? "Loading…" : "Show older deliveries"}
            </Button>
          ) : (
            <p className="text-sm text-slate-500">
              Older deliveries: page through <code className="font-mono text-xs">GET /api/v2/account/webhook/deliveries?cursor=…</code>
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
