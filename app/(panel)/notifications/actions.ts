"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { setLowBalanceThreshold } from "@/lib/accounts/low-balance";
import { db } from "@/lib/db/client";
import { NOTIFICATION_KINDS } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { isMandatory } from "@/lib/notifications/kinds";
import { markAllNotificationsRead, markNotificationRead } from "@/lib/notifications/list-notifications";
import { setPreferences } from "@/lib/notifications/preferences";
import { notificationIdInput, preferencesForm } from "@/lib/notifications/schemas";
import { panelAction, panelCall } from "@/lib/panel/panel-action";
import { assertMemberCan } from "@/lib/teams/permissions";

/** One notification read; another account's id reads as not found. */
export const markReadAction = panelCall(
  { role: "signed-in", input: notificationIdInput },
  async ({ user, input }) => {
    if (!(await markNotificationRead(db(), user.id, input.id))) throw new AppError("not_found", "That notification was not found.");
    revalidatePath("/", "layout");
    return { ok: true };
  },
  (id: string) => ({ id }),
);

export const markAllReadAction = panelCall({ role: "signed-in", input: z.object({}) }, async ({ user }) => {
  const marked = await markAllNotificationsRead(db(), user.id);
  revalidatePath("/", "layout");
  return { ok: true, message: marked === 0 ? "Nothing was unread." : `${marked} marked read.` };
});

/** Which kinds are emailed (mandatory ones stay on) and the low-balance threshold, saved together. */
export const savePreferencesAction = panelAction(
  { role: "signed-in", input: preferencesForm, echo: ["lowBalanceThreshold"] },
  async ({ user, member, input }) => {
    assertMemberCan(member, "notification_settings");
    const chosen = new Set(input.email);
    const email = Object.fromEntries(NOTIFICATION_KINDS.filter((kind) => !isMandatory(kind)).map((kind) => [kind, chosen.has(kind)]));
    await db().transaction(async (tx) => {
      await setPreferences(tx, user.id, email);
      await setLowBalanceThreshold(tx, user.id, input.lowBalanceThreshold);
    });
    revalidatePath("/notifications/preferences");
    return { ok: true, message: "Preferences saved." };
  },
);
