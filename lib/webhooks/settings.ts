import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import type { Db, DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { webhookEndpoints, type WebhookEndpoint } from "@/lib/db/schema";
import { AppError, validationError } from "@/lib/errors/app-error";
import { OutboundUrlError, parseOutboundUrl, resolveOutboundHost, type HostResolver } from "@/lib/net/outbound-url";
import { notify } from "@/lib/notifications/notify";
import { FAILING_NOTICE_AFTER, MAX_CONSECUTIVE_FAILURES } from "./constants";
import { generateWebhookSecret } from "./signature";

/** The webhook as the API and the panel show it: never the secret. */
export interface WebhookRecord {
  url: string | null;
  enabled: boolean;
  secret_set: boolean;
  consecutive_failures: number;
  disabled_reason: "consecutive_failures" | null;
  extended_events: boolean;
}

export function toWebhookRecord(endpoint: WebhookEndpoint | null): WebhookRecord {
  if (!endpoint) return { url: null, enabled: false, secret_set: false, consecutive_failures: 0, disabled_reason: null, extended_events: false };
  return {
    url: endpoint.url,
    enabled: endpoint.enabled,
    secret_set: true,
    consecutive_failures: endpoint.consecutiveFailures,
    disabled_reason: endpoint.disabledReason ?? null,
    extended_events: endpoint.extendedEvents,
  };
}

const endpointOf = preparedQuery((db) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, sql.placeholder("userId")))
    .prepare("webhook_endpoint"),
);

export async function findWebhookEndpoint(db: DbOrTx, userId: string): Promise<WebhookEndpoint | null> {
  const [endpoint] = await endpointOf(db).execute({ userId });
  return endpoint ?? null;
}

export const noWebhook = () => new AppError("not_found", "No webhook is configured yet. Set its URL first (PUT /api/v2/account/webhook).");

async function requireEndpoint(db: DbOrTx, userId: string): Promise<WebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(db, userId);
  if (!endpoint) throw noWebhook();
  return endpoint;
}

/**
 * Checks a webhook URL as it is saved: its shape, then every address its host resolves to, through
 * the same guard that every delivery goes through (unless private addresses are allowed). A problem
 * is a validation error on `url` with a message a reseller can act on.
 */
export async function vetWebhookUrl(url: string, options: { allowPrivate: boolean; resolver?: HostResolver }): Promise<void> {
  try {
    await resolveOutboundHost(parseOutboundUrl(url), options);
  } catch (error) {
    if (error instanceof OutboundUrlError) throw validationError([{ path: "url", message: error.message }]);
    throw error;
  }
}

/**
 * Sets the URL and the enabled flag. The first save creates the webhook with a new secret and hands
 * that secret back, once. Enabling a disabled webhook, or pointing it at another URL, starts the
 * failure count from zero.
 */
export async function saveWebhook(
  db: Db,
  userId: string,
  input: { url: string; enabled: boolean; extendedEvents?: boolean },
  actor: AuditActor,
  options: { allowPrivate: boolean; resolver?: HostResolver },
): Promise<{ endpoint: WebhookEndpoint; secret: string | null }> {
  await vetWebhookUrl(input.url, options);
  return db.transaction(async (tx) => {
    const secret = generateWebhookSecret();
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ userId, url: input.url, enabled: input.enabled, extendedEvents: input.extendedEvents ?? false, secretEncrypted: encryptSecret(secret) })
      .onConflictDoNothing({ target: webhookEndpoints.userId })
      .returning();
    await recordAudit(tx, { accountId: userId, actor, action: "webhook.changed", details: { url: input.url, enabled: input.enabled } });
    if (created) return { endpoint: created, secret };

    const [existing] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).for("update");
    const fresh = (input.enabled && !existing.enabled) || input.url !== existing.url;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url,
        enabled: input.enabled,
        // Left out, the opt-in stays as it was: a client that predates it does not turn it off.
        ...(input.extendedEvents === undefined ? {} : { extendedEvents: input.extendedEvents }),
        updatedAt: new Date(),
        ...(fresh ? { consecutiveFailures: 0 } : {}),
        ...(input.enabled || fresh ? { disabledReason: null, disabledAt: null } : {}),
      })
      .where(eq(webhookEndpoints.userId, userId))
      .returning();
    return { endpoint: updated, secret: null };
  });
}

/** Turns the webhook back on (the panel's one-click re-enable): the failure count starts from zero. */
export async function enableWebhook(db: DbOrTx, userId: string, actor: AuditActor): Promise<WebhookEndpoint> {
  await requireEndpoint(db, userId);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ enabled: true, consecutiveFailures: 0, disabledReason: null, disabledAt: null, updatedAt: new Date() })
      .where(eq(webhookEndpoints.userId, userId))
      .returning();
    await recordAudit(tx, { accountId: userId, actor, action: "webhook.changed", details: { url: updated.url, enabled: true } });
    return updated;
  });
}

/** A new secret, in force at once: every delivery from now on is signed with it, retries included. */
export async function regenerateWebhookSecret(db: DbOrTx, userId: string, actor: AuditActor): Promise<string> {
  const secret = generateWebhookSecret();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookEndpoints)
      .set({ secretEncrypted: encryptSecret(secret), updatedAt: new Date() })
      .where(eq(webhookEndpoints.userId, userId))
      .returning({ userId: webhookEndpoints.userId });
    if (rows.length === 0) throw noWebhook();
    await recordAudit(tx, { accountId: userId, actor, action: "webhook.secret_rotated" });
    return secret;
  });
}

/** The current secret in clear, for its owner (the panel's reveal button). */
export async function revealWebhookSecret(db: DbOrTx, userId: string): Promise<string> {
  return decryptSecret((await requireEndpoint(db, userId)).secretEncrypted);
}

/** What counting a failed attempt did. */
export interface CountedFailure {
  /** False when the webhook was already off (or gone): the attempt is not counted and nothing follows it. */
  counted: boolean;
  failures: number;
  enabled: boolean;
  /** This failure was the one that reached the threshold and turned the webhook off. */
  disabledNow: boolean;
}

/**
 * Counts a failed attempt against an enabled webhook, in one conditional statement: concurrent
 * failures queue on the row's lock, and each re-reads `enabled` once the one before commits, so the
 * failure that reaches the threshold disables the webhook and every later one finds it off and counts
 * nothing. The count stops at exactly the threshold however many attempts were in flight. The reseller
 * is notified in the same transaction when the count reaches FAILING_NOTICE_AFTER (it passes that number
 * once per streak, as any success resets it) and when the webhook is turned off.
 */
export async function countDeliveryFailure(db: DbOrTx, userId: string): Promise<CountedFailure> {
  const failures = webhookEndpoints.consecutiveFailures;
  const reaches = sql`${failures} + 1 >= ${MAX_CONSECUTIVE_FAILURES}`;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${failures} + 1`,
      enabled: sql`not (${reaches})`,
      disabledReason: sql`case when ${reaches} then 'consecutive_failures' else ${webhookEndpoints.disabledReason} end`,
      disabledAt: sql`case when ${reaches} then now() else ${webhookEndpoints.disabledAt} end`,
    })
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true)))
    .returning({ failures, enabled: webhookEndpoints.enabled, url: webhookEndpoints.url });
  if (!row) return { counted: false, failures: 0, enabled: false, disabledNow: false };
  if (!row.enabled) await notify(db, { userId, kind: "webhook_disabled", url: row.url });
  else if (row.failures === FAILING_NOTICE_AFTER) await notify(db, { userId, kind: "webhook_failing", url: row.url, failures: row.failures });
  return { counted: true, failures: row.failures, enabled: row.enabled, disabledNow: !row.enabled };
}

/**
 * Any successful delivery resets the count; a row already at zero is not written. The statement takes
 * the resellers as a subquery, so that a batch's own statement can embed it (outcome-recorder.ts).
 */
export function resetFailuresStatement(userIds: SQL): SQL {
  return sql`update webhook_endpoints set consecutive_failures = 0 where user_id in (${userIds}) and consecutive_failures <> 0`;
}

export async function countDeliverySuccess(db: DbOrTx, userId: string): Promise<void> {
  await countDeliverySuccesses(db, [userId]);
}

/** countDeliverySuccess for the resellers of a batch of deliveries, in one statement. */
export async function countDeliverySuccesses(db: DbOrTx, userIds: string[]): Promise<void> {
  await db.execute(resetFailuresStatement(sql`select unnest(${sql.param(userIds)}::text[])`));
}
