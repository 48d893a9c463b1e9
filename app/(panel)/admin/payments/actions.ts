"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { AppError, validationError } from "@/lib/errors/app-error";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { checkboxField, textField } from "@/lib/panel/form-fields";
import { panelAction, panelCall } from "@/lib/panel/panel-action";
import { finalizeSandboxTransfer, sendSandboxTransfer } from "@/lib/payments/chain/sandbox";
import { depositAddressFor } from "@/lib/payments/deposit-addresses";
import { searchResellerEmails } from "@/lib/payments/sandbox-recipients";
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

const email = textField.transform((text) => text.trim().slice(0, 320));

/** A sandbox transfer to a reseller's deposit address (allocated now if they have none), final at once or not. */
export const sendSandboxTransferAction = panelAction(
  {
    role: "admin",
    input: z.object({
      email: email.refine((text) => text !== "", "Enter the reseller's email."),
      amount: textField.transform((text, ctx) => {
        const amount = parseMoney(text);
        if (amount === null || amount <= 0n)
          ctx.addIssue({ code: "custom", message: "Enter a positive amount of USDT, such as 10 or 2.5 (at most 6 decimals)." });
        return amount ?? 0n;
      }),
      final: checkboxField,
    }),
  },
  async ({ user, input }) => {
    requireSandbox();
    const reseller = await findUserByEmail(db(), input.email);
    if (!reseller || reseller.role !== "reseller") throw validationError([{ path: "email", message: `No reseller has the email ${input.email}.` }]);
    await depositAddressFor(db(), reseller.id);
    await sendSandboxTransfer(db(), {
      userId: reseller.id,
      amount: input.amount,
      final: input.final,
      contractAddress: config().USDT_CONTRACT,
      sentBy: user.id,
    });
    await afterChainChange();
    const sent = `Sent ${formatMoney(input.amount)} USDT to ${reseller.email}`;
    return { ok: true, message: input.final ? `${sent}, final: credited.` : `${sent}. It stays confirming until you make it final.` };
  },
);

/** The resellers whose email holds what the admin has typed so far into the transfer's Send to field. */
export const searchRecipientsAction = panelCall(
  { role: "admin", input: z.object({ text: email }) },
  async ({ input }) => {
    requireSandbox();
    return { ok: true, data: await searchResellerEmails(db(), input.text) };
  },
  (text: string) => ({ text }),
);

/** Makes a sandbox transfer's block final, and with it every earlier one: the watcher then credits them. */
export const makeFinalAction = panelAction({ role: "admin", input: z.object({ txHash: textField }) }, async ({ input }) => {
  requireSandbox();
  const transfer = await finalizeSandboxTransfer(db(), input.txHash);
  await afterChainChange();
  return { ok: true, message: `The ${formatMoney(transfer.value)} USDT transfer is final.` };
});
