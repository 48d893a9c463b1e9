"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import type { AuditActor } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { clientIpOf } from "@/lib/http/client-ip";
import { panelAction } from "@/lib/panel/panel-action";
import {
  acceptOwnership,
  changeMemberRole,
  inviteMember,
  offerOwnership,
  removeMember,
  revokeInvitation,
  setTwoFactorRequired,
  withdrawOwnershipOffer,
} from "@/lib/teams/members";
import { changeRoleFormSchema, invitationIdInput, inviteMemberFormSchema, memberIdInput, twoFactorRequiredInput } from "@/lib/teams/schemas";

/** The person making the change, as the audit log records them. */
async function actorOf(member: User): Promise<AuditActor> {
  return { userId: member.id, apiKeyId: null, ip: clientIpOf(await headers()) };
}

function refresh() {
  revalidatePath("/members");
}

export const inviteMemberAction = panelAction(
  { role: "reseller", capability: "members", budget: { category: "default", what: "invitations" }, input: inviteMemberFormSchema, echo: ["email", "role"] },
  async ({ user, member, input }) => {
    await inviteMember(db(), { account: user, inviter: member, actor: await actorOf(member), email: input.email, role: input.role });
    refresh();
    return { ok: true, message: `Invitation sent to ${input.email}. The link works once, for 7 days.` };
  },
);

export const changeRoleAction = panelAction({ role: "reseller", capability: "members", input: changeRoleFormSchema }, async ({ user, member, input }) => {
  await changeMemberRole(db(), { accountId: user.id, actor: await actorOf(member), memberId: input.memberId, role: input.role });
  refresh();
  return { ok: true, message: `The role is now ${input.role}.` };
});

export const removeMemberAction = panelAction({ role: "reseller", capability: "members", input: memberIdInput }, async ({ user, member, input }) => {
  await removeMember(db(), { accountId: user.id, actor: await actorOf(member), memberId: input.memberId });
  refresh();
  return { ok: true, message: "The member was removed and signed out everywhere." };
});

export const revokeInvitationAction = panelAction({ role: "reseller", capability: "members", input: invitationIdInput }, async ({ user, member, input }) => {
  await revokeInvitation(db(), { accountId: user.id, actor: await actorOf(member), invitationId: input.invitationId });
  refresh();
  return { ok: true, message: "The invitation was revoked." };
});

export const offerOwnershipAction = panelAction({ role: "reseller", capability: "ownership", input: memberIdInput }, async ({ user, member, input }) => {
  await offerOwnership(db(), { accountId: user.id, ownerId: member.id, memberId: input.memberId });
  refresh();
  return { ok: true, message: "Offered. The ownership moves when they accept it on this page." };
});

export const withdrawOwnershipOfferAction = panelAction({ role: "reseller", capability: "ownership", input: z.object({}) }, async ({ user }) => {
  await withdrawOwnershipOffer(db(), user.id);
  refresh();
  return { ok: true, message: "The offer was withdrawn." };
});

/** The admin the ownership was offered to takes it (the domain checks that it is them). */
export const acceptOwnershipAction = panelAction({ role: "reseller", capability: "members", input: z.object({}) }, async ({ user, member }) => {
  await acceptOwnership(db(), { accountId: user.id, actor: { ...(await actorOf(member)), userId: member.id } });
  refresh();
  return { ok: true, message: "You are now the account's owner." };
});

export const setTwoFactorRequiredAction = panelAction(
  { role: "reseller", capability: "ownership", input: twoFactorRequiredInput },
  async ({ user, member, input }) => {
    await setTwoFactorRequired(db(), { accountId: user.id, owner: member, actor: await actorOf(member), required: input.required });
    refresh();
    return { ok: true, message: input.required ? "Every member now needs two-factor sign-in." : "Two-factor sign-in is now each member's choice." };
  },
);
