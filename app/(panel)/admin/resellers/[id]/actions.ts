"use server";

import { revalidatePath } from "next/cache";
import { findUserById } from "@/lib/accounts/get-user";
import { setResellerStatus } from "@/lib/accounts/set-user-status";
import { requireAdmin } from "@/lib/auth/session";
import { resetTwoFactor } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { adjustBalance, adjustmentNoteSchema } from "@/lib/ledger/adjust-balance";
import { formatMoney, parseMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";
import { TIERS, type Tier } from "@/lib/db/schema";
import { setResellerTier } from "@/lib/tariffs/manage-tariffs";

function refresh(resellerId: string) {
  revalidatePath(`/admin/resellers/${resellerId}`);
  revalidatePath("/admin");
}

async function resellerOrThrow(id: string) {
  const user = id ? await findUserById(db(), id) : null;
  if (!user || user.role !== "reseller") throw notFound("Reseller");
  return user;
}

/** Blocks or unblocks a reseller: their keys and panel session stop (or start) working at once. */
export async function setStatusAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const reseller = await resellerOrThrow(formText(form, "resellerId"));
    const status = formText(form, "status");
    if (status !== "active" && status !== "blocked") return { ok: false, message: "Choose block or unblock." };
    await setResellerStatus(db(), reseller.id, status);
    refresh(reseller.id);
    return { ok: true, message: status === "blocked" ? "The reseller is blocked." : "The reseller is active again." };
  });
}

export interface AdjustResult {
  before: string;
  after: string;
}

/** A manual credit (positive) or debit (negative), recorded as an `adjustment` with the admin's note. */
export async function adjustBalanceAction(_previous: ActionState<AdjustResult>, form: FormData): Promise<ActionState<AdjustResult>> {
  return runAction<AdjustResult>(
    async () => {
      const admin = await requireAdmin();
      const reseller = await resellerOrThrow(formText(form, "resellerId"));
      const amountText = formText(form, "amount").trim().replace(/^\+/, "");
      const note = adjustmentNoteSchema.safeParse(formText(form, "note"));
      const fieldErrors: Record<string, string> = {};
      const amount = parseMoney(amountText);
      if (amount === null) fieldErrors.amount = "Enter an amount in dollars, such as 25.50 or -10 (at most 6 decimals).";
      else if (amount === 0n) fieldErrors.amount = "The amount must not be zero.";
      if (!note.success) fieldErrors.note = note.error.issues[0].message;
      if (amount === null || amount === 0n || !note.success) return { ok: false, message: "Check the highlighted fields.", fieldErrors };

      // The admin confirmed "Balance X → Y" for the balance they saw (in micro-dollars, which a balance
      // past a trillion dollars still is, unlike the text parseMoney reads); if it moved meanwhile, ask again.
      const expectedText = formText(form, "expectedBalance");
      const expectedBalance = /^\d{1,19}$/.test(expectedText) ? BigInt(expectedText) : undefined;
      const entry = await adjustBalance(db(), { userId: reseller.id, amount, note: note.data, adminId: admin.id, expectedBalance }).finally(() => refresh(reseller.id));
      const before = formatMoney(entry.balanceAfter - entry.amount);
      const after = formatMoney(entry.balanceAfter);
      return { ok: true, message: `Balance adjusted: ${before} → ${after}.`, data: { before, after } };
    },
    { rename: { amount: "amount", note: "note" } },
  );
}

/** Sets a reseller's tier by hand (no charge; Silver/Gold get a month from now), recorded in the tariff history. */
export async function setTierAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const reseller = await resellerOrThrow(formText(form, "resellerId"));
    const tier = formText(form, "tier");
    if (!(TIERS as readonly string[]).includes(tier)) return { ok: false, message: "Choose Bronze, Silver or Gold.", fieldErrors: { tier: "Choose a tier." } };
    const updated = await setResellerTier(db(), admin.id, reseller.id, tier as Tier);
    refresh(reseller.id);
    revalidatePath("/admin/tariffs");
    return { ok: true, message: `Tier set to ${updated.tier}.` };
  });
}

/** Turns off a reseller's two-factor sign-in (a lost phone) and ends their sessions; the secret is deleted, never shown. */
export async function resetTwoFactorAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const reseller = await resellerOrThrow(formText(form, "resellerId"));
    const wasOn = await resetTwoFactor(db(), reseller.id);
    refresh(reseller.id);
    return wasOn
      ? { ok: true, message: "Two-factor sign-in is off for this reseller, and their sessions have ended. The password alone signs in." }
      : { ok: false, message: "Two-factor sign-in was already off for this reseller." };
  });
}
