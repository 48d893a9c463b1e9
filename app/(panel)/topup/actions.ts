"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { parseMoney } from "@/lib/money/money";
import { textField } from "@/lib/panel/form-fields";
import { panelAction, type PanelState } from "@/lib/panel/panel-action";
import { createPayment } from "@/lib/payments/payments";
import { panelActor } from "@/lib/panel/panel-actor";

export type CreateInvoiceState = PanelState<undefined>;

const AMOUNT_MESSAGE = "Enter an amount of USDT such as 100 or 25.50 (at most 6 decimals).";

/** Opens an invoice for the amount typed (no money moves yet) and shows it; the bounds are the domain's to check. */
export const createInvoiceAction = panelAction(
  {
    role: "reseller",
    capability: "topups",
    // A mistyped amount is answered by the schema, before the budget counts it.
    budget: { category: "payment_write", what: "new invoices" },
    input: z.object({
      amount: textField.transform((text, ctx) => {
        const amount = parseMoney(text.trim());
        if (amount === null || amount <= 0n) {
          ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
          return z.NEVER;
        }
        return amount;
      }),
    }),
    echo: ["amount"],
  },
  async ({ user, member, input }) => {
    const { payment } = await createPayment(db(), user.id, input.amount, await panelActor(member));
    redirect(`/topup/${payment.id}`);
  },
);
