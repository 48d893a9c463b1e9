"use client";

import { useState, useSyncExternalStore, useTransition } from "react";
import { refreshDeliveryLog } from "@/components/webhooks/delivery-log-refresh";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import type { ActionState } from "@/lib/panel/action-state";

const DAY_MS = 24 * 60 * 60_000;

/** A time as a datetime-local input shows it: the browser's own zone, to the minute. */
function localInputValue(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const noUpdates = () => () => {};
let openedAt: string | undefined;
/** A day before the page opened, fixed from then on (a snapshot must not change between reads). */
const aDayAgo = () => (openedAt ??= localInputValue(Date.now() - DAY_MS));

interface Props {
  enabled: boolean;
  preview: (since: string) => Promise<ActionState<{ count: number }>>;
  recover: (since: string) => Promise<ActionState<{ queued: number }>>;
}

/**
 * Sends again the events that never reached the receiver since a time (default: a day ago), after
 * a confirmation that says how many that is.
 */
export function RecoverEvents({ enabled, preview, recover }: Props) {
  // Empty in the server's render: the default is a day ago in the browser's zone, which the server does not know.
  const dayAgo = useSyncExternalStore(noUpdates, aDayAgo, () => "");
  const [edited, setSince] = useState<string | null>(null);
  const since = edited ?? dayAgo;
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState<{ since: string; count: number } | null>(null);
  const [outcome, setOutcome] = useState<ActionState<unknown> | null>(null);
  const sinceIso = () => (since ? new Date(since).toISOString() : "");

  const ask = () =>
    startTransition(async () => {
      setOutcome(null);
      const iso = sinceIso();
      const answer = await preview(iso);
      if (answer.ok && answer.data) setConfirming({ since: iso, count: answer.data.count });
      else setOutcome(answer);
    });
  const send = () =>
    startTransition(async () => {
      if (!confirming) return;
      const answer = await recover(confirming.since);
      setConfirming(null);
      setOutcome(answer);
      await refreshDeliveryLog();
    });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-64">
          <TextField
            id="recover-since"
            label="Events since"
            type="datetime-local"
            value={since}
            onChange={(event) => {
              setSince(event.target.value);
              setConfirming(null);
            }}
            hint="Up to 14 days back."
          />
        </div>
        <Button variant="secondary" onClick={ask} disabled={!enabled || !since || pending}>
          Recover
        </Button>
      </div>
      {!enabled ? <p className="text-sm text-slate-500">Enable the webhook first: recovered events are sent to it.</p> : null}
      {confirming ? (
        <div role="dialog" aria-label="Confirm recovery" className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-3 text-sm">
          {confirming.count === 0 ? (
            <p>No event since then is missing: every one reached your receiver or is on its way.</p>
          ) : (
            <p>
              This sends <strong>{confirming.count}</strong> event{confirming.count === 1 ? "" : "s"} that never reached your receiver, oldest first. Events
              already delivered are not sent again.
            </p>
          )}
          <div className="mt-3 flex gap-3">
            {confirming.count > 0 ? (
              <Button onClick={send} disabled={pending}>
                {`Send ${confirming.count} event${confirming.count === 1 ? "" : "s"}`}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={pending}>
              {confirming.count > 0 ? "Cancel" : "Close"}
            </Button>
          </div>
        </div>
      ) : null}
      {outcome?.message ? <Alert tone={outcome.ok ? "success" : "error"}>{outcome.message}</Alert> : null}
    </div>
  );
}
