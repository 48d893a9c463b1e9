"use server";

import { redirect } from "next/navigation";
import { changePassword } from "@/lib/accounts/change-password";
import { changePasswordFormSchema } from "@/lib/accounts/schemas";
import { requireUser } from "@/lib/auth/session";
import { clearSessionCookie, PASSWORD_CHANGED_NOTICE } from "@/lib/auth/session-cookie";
import { db } from "@/lib/db/client";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";

export async function changePasswordAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const result = await runAction(async (): Promise<ActionState> => {
    const user = await requireUser();
    const { currentPassword, newPassword } = changePasswordFormSchema.parse({
      currentPassword: formText(form, "currentPassword"),
      newPassword: formText(form, "newPassword"),
      confirmPassword: formText(form, "confirmPassword"),
    });
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
