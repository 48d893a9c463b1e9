"use server";

import { redirect } from "next/navigation";
import { resetPassword } from "@/lib/accounts/password-reset";
import { resetPasswordFormSchema } from "@/lib/accounts/schemas";
import { PASSWORD_RESET_NOTICE } from "@/lib/auth/session-cookie";
import { db } from "@/lib/db/client";
import { panelAction } from "@/lib/panel/panel-action";

export const resetPasswordAction = panelAction({ role: "public", input: resetPasswordFormSchema }, async ({ input }) => {
  const state = await resetPassword(db(), { token: input.token, password: input.password });
  // The link was used (in another tab) or ran out while the form was open: the page now says which.
  if (state !== "valid") redirect(`/reset-password?token=${encodeURIComponent(input.token)}`);
  redirect(`/login?notice=${PASSWORD_RESET_NOTICE}`);
});
