"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { findUserById } from "@/lib/accounts/get-user";
import { sendResetLinkToAccount } from "@/lib/accounts/password-reset";
import { setResellerStatus } from "@/lib/accounts/set-user-status";
import { resetTwoFactor } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import { TIERS } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { adjustBalance, adjustmentNoteSchema } from "@/lib/ledger/adjust-balance";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { textField } from "@/lib/panel/form-fields";
import { panelAction } from "@/lib/panel/panel-action";
import { setResellerTier } from "@/lib/tariffs/manage-tariffs";
import { panelActor } from "@/lib/panel/panel-actor";

function refresh(resellerId: string) {
  revalidatePath(`/admin/resellers/${resellerId}`);
  revalidatePath("/admin");
}

async function resellerOrThrow(id: string) {
  const user = id ? await findUserById(db(), id) : null;
  if (!user || user.role !== "reseller") throw notFound("Reseller");
  return user;
}

const aReseller = z.object({ resellerId: textField });

/** Blocks or unblocks a reseller: their keys and panel session stop (or start) working at once. */
export const setStatusAction = panelAction(
  { role: "admin", input: aReseller.extend({ status: z.enum(["active", "blocked"], { error: "Choose block or unblock." }) }) },
  async ({ input }) => {
    const reseller = await resellerOrThrow(input.resellerId);
    await setResellerStatus(db(), reseller.id, input.status);
    refresh(reseller.id);
    return { ok: true, message: input.status === "blocked" ? "The reseller is blocked." : "The reseller is active again." };
  },
);

export interface AdjustResult {
  before: string;
  after: string;
}

const adjustmentAmount = textField.transform((text, ctx) => {
  const amount = parseMoney(text.trim().replace(/^\+/, ""));
  if (amount === null) ctx.addIssue({ code: "custom", message: "Enter an amount in dollars, such as 25.50 or -10 (at most 6 decimals)." });
  else if (amount === 0n) ctx.addIssue({ code: "custom", message: "The amount must not be zero." });
  return amount ?? 0n;
});

/** A manual credit (positive) or debit (negative), recorded as an `adjustment` with the admin's note. */
export const adjustBalanceAction = panelAction(
  {
    role: "admin",
    input: aReseller.extend({
      amount: adjustmentAmount,
      note: textField.pipe(adjustmentNoteSchema),
      // The balance the admin confirmed "Balance X → Y" for, in micro-dollars (which a balance past a
      // trillion dollars still is, unlike the text parseMoney reads); if it moved meanwhile, they are asked again.
      expectedBalance: textField.transform((text) => (/^\d{1,19}$/.test(text) ? BigInt(text) : undefined)),
    }),
  },
  async ({ user, input }) => {
    const reseller = await resellerOrThrow(input.resellerId);
    const entry = await adjustBalance(db(), {
      userId: reseller.id,
      amount: input.amount,
      note: input.note,
      adminId: user.id,
      expectedBalance: input.expectedBalance,
    }).finally(() => refresh(reseller.id));
    const before = formatMoney(entry.balanceAfter - entry.amount);
    const after = formatMoney(entry.balanceAfter);
    return { ok: true, message: `Balance adjusted: ${before} → ${after}.`, data: { before, after } satisfies AdjustResult };
  },
);

/** Sets a reseller's tier by hand (no charge; Silver/Gold get a month from now), recorded in the tariff history. */
export const setTierAction = panelAction(
  { role: "admin", input: aReseller.extend({ tier: z.enum(TIERS, { error: "Choose a tier." }) }) },
  async ({ user, input }) => {
    const reseller = await resellerOrThrow(input.resellerId);
    const updated = await setResellerTier(db(), user.id, reseller.id, input.tier);
    refresh(reseller.id);
    revalidatePath("/admin/tariffs");
    return { ok: true, message: `Tier set to ${updated.tier}.` };
  },
);

/** Turns off a reseller's two-factor sign-in (a lost phone) and ends their sessions; the secret is deleted, never shown. */
export const resetTwoFactorAction = panelAction({ role: "admin", input: aReseller }, async ({ user, input }) => {
  const reseller = await resellerOrThrow(input.resellerId);
  const wasOn = await resetTwoFactor(db(), reseller.id, await panelActor(user));
  refresh(reseller.id);
  return wasOn
    ? { ok: true, message: "Two-factor sign-in is off for this reseller, and their sessions have ended. The password alone signs in." }
    : { ok: false, message: "Two-factor sign-in was already off for this reseller." };
});

/** Mails the reseller a link to choose a new password (30 minutes, once); their password works until they use it. */
export const sendResetLinkAction = panelAction({ role: "admin", input: aReseller }, async ({ input }) => {
  const reseller = await resellerOrThrow(input.resellerId);
  const { email } = await sendResetLinkToAccount(db(), reseller.id);
  return { ok: true, message: `A reset link is on its way to ${email}. It works once, for 30 minutes.` };
});
