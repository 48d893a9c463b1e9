import { config } from "@/lib/config/env";
import type { HostResolver } from "@/lib/net/outbound-url";
import { DELIVERY_TIMEOUT_MS, PENDING_AFTER_MS } from "./constants";
import { componentLogger } from "@/lib/observability/logger";

/** How a delivery is sent; the defaults come from the configuration, tests pass their own. */
export interface WebhookSendOptions {
  /** WEBHOOK_ALLOW_PRIVATE: lifts the SSRF guard's private-address check. */
  allowPrivate: boolean;
  timeoutMs: number;
  resolver?: HostResolver;
}

export interface WebhookDeliveryOptions extends WebhookSendOptions {
  /** Delays before the retries of a failed attempt (WEBHOOK_RETRY_DELAYS); their count is the retry count. */
  retryDelays: number[];
  /** How long an attempt goes unanswered before its row is written as pending (PENDING_AFTER_MS). */
  pendingAfterMs: number;
  log: (line: string) => void;
}

export function sendOptions(overrides: Partial<WebhookSendOptions> = {}): WebhookSendOptions {
  return {
    allowPrivate: overrides.allowPrivate ?? config().WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: overrides.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    resolver: overrides.resolver,
  };
}

export function deliveryOptions(overrides: Partial<WebhookDeliveryOptions> = {}): WebhookDeliveryOptions {
  return {
    ...sendOptions(overrides),
    retryDelays: overrides.retryDelays ?? config().WEBHOOK_RETRY_DELAYS,
    pendingAfterMs: overrides.pendingAfterMs ?? PENDING_AFTER_MS,
    log: overrides.log ?? ((line) => componentLogger("webhooks").info(line)),
  };
}
