"use server";

import { confirmEmail } from "@/lib/accounts/email-verification";
import { confirmEmailFormSchema } from "@/lib/accounts/schemas";
import { db } from "@/lib/db/client";
import { panelAction } from "@/lib/panel/panel-action";

const REFUSALS = {
  used: "This link has already been used. Each link works once.",
  expired: "This link has expired. Sign in and ask for a new one on your profile page.",
  unknown: "This link is not valid. Sign in and ask for a new one on your profile page.",
  taken: "Another account uses this address now, so it cannot become yours.",
} as const;

export const confirmEmailAction = panelAction({ role: "public", input: confirmEmailFormSchema }, async ({ input }) => {
  const result = await confirmEmail(db(), input.token);
  if (result.state !== "confirmed") return { ok: false, message: REFUSALS[result.state] };
  return { ok: true, message: `${result.email} is confirmed. It is the address you sign in with.` };
});
