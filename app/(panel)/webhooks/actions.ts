"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { putWebhookBody, recoverWebhookBody } from "@/lib/api/operations/webhooks";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { checkboxField, textField } from "@/lib/panel/form-fields";
import { panelAction, panelCall, type PanelState } from "@/lib/panel/panel-action";
import { redeliver, sendTestDelivery } from "@/lib/webhooks/deliver";
import { toDeliveryRecord } from "@/lib/webhooks/deliveries";
import { sendOptions } from "@/lib/webhooks/options";
import { countRecoverableEvents, recoverEvents } from "@/lib/webhooks/recover";
import { enableWebhook, regenerateWebhookSecret, revealWebhookSecret, saveWebhook } from "@/lib/webhooks/settings";
import { panelActor } from "@/lib/panel/panel-actor";

export type SaveWebhookState = PanelState<{ created: boolean; url: string; enabled: boolean; extendedEvents: boolean }>;

const nothing = z.object({});

/** Saves the URL and the enabled switch; the first save also creates the signing secret. */
export const saveWebhookAction = panelAction(
  {
    role: "reseller",
    capability: "webhooks",
    // As PUT /account/webhook does: each save looks the host up in DNS, which a loop would keep busy.
    budget: { category: "default", what: "webhook saves" },
    input: z.object({
      url: textField.transform((url) => url.trim()).pipe(putWebhookBody.shape.url),
      enabled: checkboxField,
      extendedEvents: checkboxField,
    }),
    echo: ["url", "enabled", "extendedEvents"],
  },
  async ({ user, member, input }) => {
    const { secret } = await saveWebhook(
      db(),
      user.id,
      { url: input.url, enabled: input.enabled, extendedEvents: input.extendedEvents },
      await panelActor(member),
      { allowPrivate: config().WEBHOOK_ALLOW_PRIVATE },
    );
    revalidatePath("/webhooks");
    const created = secret !== null;
    return {
      ok: true,
      message: created
        ? "Webhook saved. Your signing secret was created: reveal it below."
        : input.enabled
          ? "Webhook saved."
          : "Webhook saved and turned off.",
      data: { created, url: input.url, enabled: input.enabled, extendedEvents: input.extendedEvents },
    };
  },
);

/** The current secret in clear, for the signed-in owner only. */
export const revealSecretAction = panelCall({ role: "reseller", capability: "webhooks", input: nothing }, async ({ user }) => ({
  ok: true,
  data: { secret: await revealWebhookSecret(db(), user.id) },
}));

/** A new secret; the old one stops signing at once. The new one is shown straight away. */
export const rotateSecretAction = panelCall({ role: "reseller", capability: "webhooks", input: nothing }, async ({ user, member }) => {
  const secret = await regenerateWebhookSecret(db(), user.id, await panelActor(member));
  return { ok: true, message: "New secret in force. Deliveries are signed with it from now on.", data: { secret } };
});

/** One immediate webhook.test delivery, through the same guard and signing as live deliveries. */
export const sendTestAction = panelCall(
  { role: "reseller", capability: "webhooks", budget: { category: "default", what: "test deliveries" }, input: nothing },
  async ({ user }) => ({
    ok: true,
    data: { delivery: toDeliveryRecord(await sendTestDelivery(db(), user.id, sendOptions())) },
  }),
);

/** The one-click re-enable after an automatic disable: the failure count starts from zero. */
export const enableWebhookAction = panelCall({ role: "reseller", capability: "webhooks", input: nothing }, async ({ user, member }) => {
  await enableWebhook(db(), user.id, await panelActor(member));
  revalidatePath("/webhooks");
  return { ok: true, message: "Webhook enabled again." };
});

/** Sends a delivery's event again now. */
export const redeliverAction = panelCall(
  { role: "reseller", capability: "webhooks", budget: { category: "default", what: "redeliveries" }, input: z.object({ deliveryId: z.string() }) },
  async ({ user, input }) => {
    const delivery = toDeliveryRecord(await redeliver(db(), user.id, input.deliveryId, sendOptions()));
    revalidatePath("/webhooks");
    return { ok: true, data: { delivery } };
  },
  (deliveryId: string) => ({ deliveryId }),
);

/** How many events a recovery from `since` would send, for the confirmation before it; `since` as the API takes it. */
export const previewRecoveryAction = panelCall(
  { role: "reseller", capability: "webhooks", input: recoverWebhookBody },
  async ({ user, input }) => ({ ok: true, data: { count: await countRecoverableEvents(db(), user.id, new Date(input.since)) } }),
  (since: string) => ({ since }),
);

/** Sends again every event since `since` that never reached the receiver (POST .../webhook/recover). */
export const recoverEventsAction = panelCall(
  { role: "reseller", capability: "webhooks", budget: { category: "default", what: "recoveries" }, input: recoverWebhookBody },
  async ({ user, input }) => {
    const queued = await recoverEvents(db(), user.id, new Date(input.since));
    revalidatePath("/webhooks");
    const message =
      queued === 0
        ? "Nothing to send: every event since then has reached your receiver or is on its way."
        : `${queued} event${queued === 1 ? "" : "s"} queued, oldest first; they appear in the delivery log as they go out.`;
    return { ok: true, message, data: { queued } };
  },
  (since: string) => ({ since }),
);
