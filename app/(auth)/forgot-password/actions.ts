"use server";

import { headers } from "next/headers";
import { RESET_REQUESTED, requestPasswordReset } from "@/lib/accounts/password-reset";
import { forgotPasswordFormSchema } from "@/lib/accounts/schemas";
import { db } from "@/lib/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { panelAction } from "@/lib/panel/panel-action";

export const forgotPasswordAction = panelAction({ role: "public", input: forgotPasswordFormSchema, echo: ["email"] }, async ({ input }) => {
  await requestPasswordReset(db(), { email: input.email, ip: clientIpOf(await headers()) });
  return { ok: true, message: RESET_REQUESTED };
});
