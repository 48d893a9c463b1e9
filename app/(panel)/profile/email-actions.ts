"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { requestEmailChange, resendEmailVerification } from "@/lib/accounts/change-email";
import { changeEmailFormSchema } from "@/lib/accounts/schemas";
import { db } from "@/lib/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { panelAction } from "@/lib/panel/panel-action";

export const changeEmailAction = panelAction({ role: "signed-in", input: changeEmailFormSchema, echo: ["email"] }, async ({ member: user, input }) => {
  await requestEmailChange(db(), { userId: user.id, newEmail: input.email, currentPassword: input.currentPassword, ip: clientIpOf(await headers()) });
  return {
    ok: true,
    message: `We sent a link to ${input.email}. Your address changes once you follow it; until then you sign in with ${user.email}, which we have told of the change.`,
  };
});

export const resendVerificationAction = panelAction({ role: "signed-in", input: z.object({}) }, async ({ member: user }) => {
  await resendEmailVerification(db(), { userId: user.id, ip: clientIpOf(await headers()) });
  return { ok: true, message: `A new confirmation link is on its way to ${user.email}.` };
});
