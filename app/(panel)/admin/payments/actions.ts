"use server";

import { revalidatePath } from "next/cache";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { requireAdmin } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { formatMoney, parseMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";
import { finalizeSandboxTransfer, sendSandboxTransfer } from "@/lib/payments/chain/sandbox";
import { depositAddressFor } from "@/lib/payments/deposit-addresses";
import { searchResellerEmails, type RecipientSuggestion } from "@/lib/payments/sandbox-recipients";
import { watchConfiguredChain } from "@/lib/payments/watch-job";

/** On TronGrid the sandbox table is not read: a transfer sent to it would only mislead. */
function requireSandbox(): void {
  if (config().CHAIN_PROVIDER !== "sandbox") throw new AppError("forbidden", "The sandbox chain is off: transfers come from TRON.");
}

/**
 * The watcher reads the sandbox now rather than at its next poll (which may be running this very
 * moment), so the page shows the new state at once; racing the job is safe, a transfer credits once.
 */
async function afterChainChange(): Promise<void> {
  await watchConfiguredChain(db());
  revalidatePath("/admin/payments");
}

/** A sandbox transfer to a reseller's deposit address (allocated now if they have none), final at once or not. */
export async function sendSandboxTransferAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const admin = await requireAdmin();
    requireSandbox();
    const email = formText(form, "email").trim().slice(0, 320);
    const reseller = email ? await findUserByEmail(db(), email) : null;
    const amount = parseMoney(formText(form, "amount"));
    const fieldErrors: Record<string, string> = {};
    if (!reseller || reseller.role !== "reseller") fieldErrors.email = email ? `No reseller has the email ${email}.` : "Enter the reseller's email.";
    if (amount === null || amount <= 0n) fieldErrors.amount = "Enter a positive amount of USDT, such as 10 or 2.5 (at most 6 decimals).";
    if (!reseller || amount === null || Object.keys(fieldErrors).length > 0) return { ok: false, message: "Check the highlighted fields.", fieldErrors };

    const final = form.get("final") === "on";
    await depositAddressFor(db(), reseller.id);
    await sendSandboxTransfer(db(), { userId: reseller.id, amount, final, contractAddress: config().USDT_CONTRACT, sentBy: admin.id });
    await afterChainChange();
    const sent = `Sent ${formatMoney(amount)} USDT to ${reseller.email}`;
    return { ok: true, message: final ? `${sent}, final: credited.` : `${sent}. It stays confirming until you make it final.` };
  });
}

/** The resellers whose email holds what the admin has typed so far into the transfer's Send to field. */
export async function searchRecipientsAction(text: string): Promise<RecipientSuggestion[]> {
  await requireAdmin();
  requireSandbox();
  return searchResellerEmails(db(), String(text).slice(0, 320));
}

/** Makes a sandbox transfer's block final, and with it every earlier one: the watcher then credits them. */
export async function makeFinalAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    requireSandbox();
    const transfer = await finalizeSandboxTransfer(db(), formText(form, "txHash"));
    await afterChainChange();
    return { ok: true, message: `The ${formatMoney(transfer.value)} USDT transfer is final.` };
  });
}
