import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { LazyDisabledBanner } from "@/components/webhooks/lazy-disabled-banner";
import { DELIVERY_LOG_PAGE } from "@/components/webhooks/delivery-log-refresh";
import { ReceiverExamples } from "@/components/webhooks/receiver-examples";
import { SecretPanel } from "@/components/webhooks/secret-panel";
import { TestDelivery } from "@/components/webhooks/test-delivery";
import { WebhookSettingsForm } from "@/components/webhooks/webhook-settings-form";
import { requireCapability } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { MAX_CONSECUTIVE_FAILURES } from "@/lib/webhooks/constants";
import { listDeliveries, toDeliveryRecord } from "@/lib/webhooks/deliveries";
import { findWebhookEndpoint, toWebhookRecord } from "@/lib/webhooks/settings";
import {
  enableWebhookAction,
  previewRecoveryAction,
  recoverEventsAction,
  redeliverAction,
  revealSecretAction,
  rotateSecretAction,
  saveWebhookAction,
  sendTestAction,
} from "./actions";
import { RecoverEvents } from "./recover-events";

export const metadata: Metadata = { title: "Webhooks" };

/** "1, 5 and 30 minutes" from [60000, 300000, 1800000]. */
function retrySchedule(delays: number[]): string {
  if (delays.length === 0) return "no delay (retries are off)";
  const minutes = delays.every((ms) => ms % 60_000 === 0);
  const parts = delays.map((ms) => (minutes ? String(ms / 60_000) : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return minutes ? `${list} minute${parts.length === 1 && parts[0] === "1" ? "" : "s"}` : list;
}

function Code({ children }: { children: string }) {
  return <code className="rounded bg-slate-100 px-1 font-mono text-xs">{children}</code>;
}

export default async function WebhooksPage() {
  const { account: user } = await requireCapability("webhooks");
  const [endpoint, page] = await Promise.all([findWebhookEndpoint(db(), user.id), listDeliveries(db(), { userId: user.id, limit: DELIVERY_LOG_PAGE })]);
  const webhook = toWebhookRecord(endpoint);
  const deliveries = { data: page.data.map(toDeliveryRecord), next_cursor: page.nextCursor };
  const autoDisabled = !webhook.enabled && webhook.disabled_reason === "consecutive_failures";

  const status = !webhook.url ? (
    <Badge>Not configured</Badge>
  ) : webhook.enabled ? (
    <Badge tone="green">Enabled</Badge>
  ) : autoDisabled ? (
    <Badge tone="amber">Paused after failures</Badge>
  ) : (
    <Badge>Off</Badge>
  );

  return (
    <>
      <PageHeader title="Webhooks" description="Order events pushed to your server as they happen, each one signed with your secret." />

      {autoDisabled ? <LazyDisabledBanner action={enableWebhookAction} failures={webhook.consecutive_failures} /> : null}

      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader
            title="Endpoint"
            description={
              webhook.url && webhook.consecutive_failures > 0 && webhook.enabled
                ? `${webhook.consecutive_failures} failed attempt${webhook.consecutive_failures === 1 ? "" : "s"} in a row; at ${MAX_CONSECUTIVE_FAILURES} the webhook pauses.`
                : "Where we POST your events."
            }
            action={status}
          />
          <CardBody className="space-y-6">
            <WebhookSettingsForm
              action={saveWebhookAction}
              initial={{ url: webhook.url ?? "", enabled: webhook.url ? webhook.enabled : true, extendedEvents: webhook.extended_events }}
            />
            <div className="border-t border-slate-100 pt-5">
              <TestDelivery action={sendTestAction} configured={webhook.url !== null} />
            </div>
          </CardBody>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader title="Signing secret" />
          <CardBody>
            <SecretPanel secretSet={webhook.secret_set} revealAction={revealSecretAction} rotateAction={rotateSecretAction} />
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader
          title="Delivery log"
          description={`Every attempt, newest first; it refreshes by itself. A failed delivery is retried after ${retrySchedule(config().WEBHOOK_RETRY_DELAYS)}.`}
        />
        <DeliveryLog initial={deliveries} redeliverAction={redeliverAction} />
      </Card>

      {webhook.url ? (
        <Card className="mt-6">
          <CardHeader
            title="Recover missed events"
            description="After your receiver was down or the webhook paused: sends again, oldest first, every event since a time that never reached your receiver (its retries ran out, or it came while the webhook was off)."
          />
          <CardBody>
            <RecoverEvents enabled={webhook.enabled} preview={previewRecoveryAction} recover={recoverEventsAction} />
          </CardBody>
        </Card>
      ) : null}

      <Card className="mt-6">
        <CardHeader title="Verify deliveries on your server" />
        <CardBody className="space-y-4 text-sm text-slate-600">
          <p>
            Each delivery is a POST of <Code>{'{"event", "event_id", "timestamp", "data"}'}</Code> with <Code>X-Webhook-Signature: sha256=…</Code>, the hex
            HMAC-SHA256 of the raw body keyed with your secret. Compute it over the bytes you received (before any JSON parsing) and compare in constant time.
            Answer 2xx within 10 seconds; deliveries can repeat, so skip an <Code>event_id</Code> you have already handled.
          </p>
          <ReceiverExamples />
          <p>
            The <Code>webhook-id</Code>, <Code>webhook-timestamp</Code> and <Code>webhook-signature</Code> headers follow{" "}
            <a href="https://www.standardwebhooks.com/" className="font-medium text-brand-600 hover:text-brand-700" rel="noreferrer" target="_blank">
              Standard Webhooks
            </a>
            : its libraries verify them with the same secret and reject stale timestamps, if you want replay protection. See the{" "}
            <PendingLink href="/docs" className="font-medium text-brand-600 hover:text-brand-700">
              API reference
            </PendingLink>{" "}
            for the event payloads.
          </p>
        </CardBody>
      </Card>
    </>
  );
}
