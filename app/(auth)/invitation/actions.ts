"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { INVITATION_ACCEPTED_NOTICE } from "@/lib/auth/session-cookie";
import { db } from "@/lib/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { panelAction } from "@/lib/panel/panel-action";
import { acceptInvitation } from "@/lib/teams/members";
import { acceptInvitationFormSchema } from "@/lib/teams/schemas";

export const acceptInvitationAction = panelAction({ role: "public", input: acceptInvitationFormSchema, echo: ["name"] }, async ({ input }) => {
  const state = await acceptInvitation(db(), { token: input.token, name: input.name, password: input.password, ip: clientIpOf(await headers()) });
  // The link was used (in another tab), revoked or ran out while the form was open: the page now says which.
  if (state !== "valid") redirect(`/invitation?token=${encodeURIComponent(input.token)}`);
  redirect(`/login?notice=${INVITATION_ACCEPTED_NOTICE}`);
});
