"use server";

import { revalidatePath } from "next/cache";
import { putWebhookBody, recoverWebhookBody } from "@/lib/api/operations/webhooks";
import { requireReseller } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { zodIssuesToValidation } from "@/lib/api/errors";
import { validationError } from "@/lib/errors/app-error";
import type { ActionState } from "@/lib/panel/action-state";
import { spendPanelBudget } from "@/lib/panel/panel-budget";
import { formText, runAction } from "@/lib/panel/run-action";
import { redeliver, sendTestDelivery } from "@/lib/webhooks/deliver";
import { toDeliveryRecord, type DeliveryRecord } from "@/lib/webhooks/deliveries";
import { sendOptions } from "@/lib/webhooks/options";
import { countRecoverableEvents, recoverEvents } from "@/lib/webhooks/recover";
import { enableWebhook, regenerateWebhookSecret, revealWebhookSecret, saveWebhook } from "@/lib/webhooks/settings";

export type SaveWebhookState = ActionState<{ created: boolean }> & { values?: { url: string; enabled: boolean } };

/** Saves the URL and the enabled switch; the first save also creates the signing secret. */
export async function saveWebhookAction(_previous: SaveWebhookState, form: FormData): Promise<SaveWebhookState> {
  const values = { url: formText(form, "url").trim(), enabled: form.get("enabled") === "on" };
  const result = await runAction<{ created: boolean }>(async () => {
    const user = await requireReseller();
    // As PUT /account/webhook does: each save looks the host up in DNS, which a loop would keep busy.
    await spendPanelBudget(user.id, "default", "webhook saves");
    const parsed = putWebhookBody.safeParse(values);
    if (!parsed.success) throw validationError(zodIssuesToValidation(parsed.error));
    const { secret } = await saveWebhook(db(), user.id, parsed.data, { allowPrivate: config().WEBHOOK_ALLOW_PRIVATE });
    revalidatePath("/webhooks");
    const created = secret !== null;
    return {
      ok: true,
      message: created ? "Webhook saved. Your signing secret was created: reveal it below." : values.enabled ? "Webhook saved." : "Webhook saved and turned off.",
      data: { created },
    };
  });
  return { ...result, values };
}

/** The current secret in clear, for the signed-in owner only. */
export async function revealSecretAction(): Promise<ActionState<{ secret: string }>> {
  return runAction(async () => {
    const user = await requireReseller();
    return { ok: true, data: { secret: await revealWebhookSecret(db(), user.id) } };
  });
}

/** A new secret; the old one stops signing at once. The new one is shown straight away. */
export async function rotateSecretAction(_previous: ActionState<{ secret: string }>): Promise<ActionState<{ secret: string }>> {
  return runAction(async () => {
    const user = await requireReseller();
    const secret = await regenerateWebhookSecret(db(), user.id);
    return { ok: true, message: "New secret in force. Deliveries are signed with it from now on.", data: { secret } };
  });
}

/** One immediate webhook.test delivery, through the same guard and signing as live deliveries. */
export async function sendTestAction(_previous: ActionState<{ delivery: DeliveryRecord }>): Promise<ActionState<{ delivery: DeliveryRecord }>> {
  return runAction(async () => {
    const user = await requireReseller();
    await spendPanelBudget(user.id, "default", "test deliveries");
    const delivery = toDeliveryRecord(await sendTestDelivery(db(), user.id, sendOptions()));
    return { ok: true, data: { delivery } };
  });
}

/** The one-click re-enable after an automatic disable: the failure count starts from zero. */
export async function enableWebhookAction(_previous: ActionState): Promise<ActionState> {
  return runAction(async () => {
    const user = await requireReseller();
    await enableWebhook(db(), user.id);
    revalidatePath("/webhooks");
    return { ok: true, message: "Webhook enabled again." };
  });
}

/** Sends a delivery's event again now. */
export async function redeliverAction(deliveryId: string): Promise<ActionState<{ delivery: DeliveryRecord }>> {
  return runAction(async () => {
    const user = await requireReseller();
    await spendPanelBudget(user.id, "default", "redeliveries");
    const delivery = toDeliveryRecord(await redeliver(db(), user.id, deliveryId, sendOptions()));
    revalidatePath("/webhooks");
    return { ok: true, data: { delivery } };
  });
}

/** `since` as the API takes it, checked by the same schema. */
function recoverySince(since: string): Date {
  const parsed = recoverWebhookBody.safeParse({ since });
  if (!parsed.success) throw validationError(zodIssuesToValidation(parsed.error));
  return new Date(parsed.data.since);
}

/** How many events a recovery from `since` would send, for the confirmation before it. */
export async function previewRecoveryAction(since: string): Promise<ActionState<{ count: number }>> {
  return runAction(async () => {
    const user = await requireReseller();
    return { ok: true, data: { count: await countRecoverableEvents(db(), user.id, recoverySince(since)) } };
  });
}

/** Sends again every event since `since` that never reached the receiver (POST .../webhook/recover). */
export async function recoverEventsAction(since: string): Promise<ActionState<{ queued: number }>> {
  return runAction(async () => {
    const user = await requireReseller();
    await spendPanelBudget(user.id, "default", "recoveries");
    const queued = await recoverEvents(db(), user.id, recoverySince(since));
    revalidatePath("/webhooks");
    const message =
      queued === 0 ? "Nothing to send: every event since then has reached your receiver or is on its way." : `${queued} event${queued === 1 ? "" : "s"} queued, oldest first; they appear in the delivery log as they go out.`;
    return { ok: true, message, data: { queued } };
  });
}
