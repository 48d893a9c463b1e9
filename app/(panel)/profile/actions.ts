"use server";

import { redirect } from "next/navigation";
import { changePassword } from "@/lib/accounts/change-password";
import { changePasswordFormSchema } from "@/lib/accounts/schemas";
import { clearSessionCookie, PASSWORD_CHANGED_NOTICE } from "@/lib/auth/session-cookie";
import { db } from "@/lib/db/client";
import { panelAction } from "@/lib/panel/panel-action";

export const changePasswordAction = panelAction({ role: "signed-in", input: changePasswordFormSchema }, async ({ member: user, input }) => {
  await changePassword(db(), { userId: user.id, currentPassword: input.currentPassword, newPassword: input.newPassword });
  // Every session signed in before the change has ended, this one too: the new password signs in again.
  await clearSessionCookie();
  redirect(`/login?notice=${PASSWORD_CHANGED_NOTICE}`);
});
