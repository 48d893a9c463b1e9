"use server";

import { revalidatePath } from "next/cache";
import { db } from "@/lib/db/client";
import { announce } from "@/lib/notifications/announce";
import { announcementInput } from "@/lib/notifications/schemas";
import { panelAction } from "@/lib/panel/panel-action";

/** Writes the announcement to every active reseller's notifications (and, by their preferences, email). */
export const announceAction = panelAction({ role: "admin", input: announcementInput, echo: ["title", "body"] }, async ({ user, input }) => {
  const { recipients } = await announce(db(), user.id, input);
  revalidatePath("/admin/announcements");
  return { ok: true, message: recipients === 1 ? "Sent to 1 reseller." : `Sent to ${recipients} resellers.` };
});
