"use server";

import { redirect } from "next/navigation";
import { changePassword } from "@/lib/accounts/change-password";
import { requireUser } from "@/lib/auth/session";
import { clearSessionCookie, PASSWORD_CHANGED_NOTICE } from "@/lib/auth/session-cookie";
import { db } from "@/lib/db/client";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";

export async function changePasswordAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const result = await runAction(async (): Promise<ActionState> => {
    const user = await requireUser();
    const currentPassword = formText(form, "currentPassword");
    const newPassword = formText(form, "newPassword");
    if (!currentPassword) return { ok: false, message: "Check the highlighted fields.", fieldErrors: { currentPassword: "Enter your current password." } };
    if (newPassword !== formText(form, "confirmPassword")) {
      return { ok: false, message: "Check the highlighted fields.", fieldErrors: { confirmPassword: "The two new passwords differ." } };
    }
    await changePassword(db(), { userId: user.id, currentPassword, newPassword });
    return { ok: true };
  });
  // Every session signed in before the change has ended, this one too: the new password signs in again.
  if (result.ok) {
    await clearSessionCookie();
    redirect(`/login?notice=${PASSWORD_CHANGED_NOTICE}`);
  }
  return result;
}
