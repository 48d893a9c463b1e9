import { z } from "zod";
import { MAX_LOW_BALANCE_THRESHOLD } from "@/lib/accounts/low-balance";
import { NOTIFICATION_KINDS } from "@/lib/db/schema";
import { isIdOf } from "@/lib/ids/ids";
import { formatMoney, parseMoney } from "@/lib/money/money";

export const announcementInput = z.object({
  title: z.string().trim().min(1, "Write a title.").max(120, "Keep the title to 120 characters."),
  body: z.string().trim().min(1, "Write the message.").max(4000, "Keep the message to 4,000 characters."),
});

export const notificationIdInput = z.object({ id: z.string().refine((id) => isIdOf("ntf", id), "That is not a notification of yours.") });

export const lowBalanceThresholdField = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const amount = parseMoney(text);
    if (amount === null || amount < 0n) {
      ctx.addIssue({ code: "custom", message: "Enter an amount in USD, like 10.00 (0 turns the reminder off)." });
      return z.NEVER;
    }
    if (amount > MAX_LOW_BALANCE_THRESHOLD) {
      ctx.addIssue({ code: "custom", message: `Enter at most ${formatMoney(MAX_LOW_BALANCE_THRESHOLD)} USD.` });
      return z.NEVER;
    }
    return amount;
  });

/** The preferences form: the ticked kinds (checkboxes named `email`, one value each) and the threshold. */
export const preferencesForm = z.object({
  lowBalanceThreshold: lowBalanceThresholdField,
  email: z
    .union([z.enum(NOTIFICATION_KINDS), z.array(z.enum(NOTIFICATION_KINDS))], { error: "Choose among the listed notifications." })
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});
