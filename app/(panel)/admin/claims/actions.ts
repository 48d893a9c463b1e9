"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { moneyInput } from "@/lib/api/common-schemas";
import { postClaimMessage } from "@/lib/claims/claim-messages";
import { getClaimForAdmin } from "@/lib/claims/read-claims";
import { refundClaim, rejectClaim, replaceClaim } from "@/lib/claims/resolve-claim";
import { claimMessageInput, noteText, refundNoteSchema } from "@/lib/claims/schemas";
import { releaseClaim, takeClaim } from "@/lib/claims/take-claim";
import { MAX_CLAIM_WINDOW_SECONDS, setClaimWindow } from "@/lib/claims/windows";
import { db } from "@/lib/db/client";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { optionalTextField, textField } from "@/lib/panel/form-fields";
import { panelAction } from "@/lib/panel/panel-action";

function refresh(claimId: string) {
  revalidatePath(`/admin/claims/${claimId}`);
  revalidatePath("/admin/claims");
  revalidatePath("/admin");
}

const aClaim = z.object({ claimId: textField });

/** Takes the claim (or takes it over from another admin), or gives it back; a refusal names who has it. */
export const takeClaimAction = panelAction({ role: "admin", input: aClaim.extend({ intent: textField }) }, async ({ user, input }) => {
  refresh(input.claimId);
  if (input.intent === "release") {
    await releaseClaim(db(), input.claimId, user.id);
    return { ok: true, message: "Released: the claim is back in the queue." };
  }
  await takeClaim(db(), input.claimId, user.id, { over: input.intent === "over" });
  return { ok: true, message: "You have taken the claim." };
});

/** Support writes in the claim's chat; the reseller is told (order.claim.updated). */
export const postSupportMessageAction = panelAction(
  { role: "admin", input: aClaim.extend({ text: textField }).pipe(claimMessageInput.extend({ claimId: z.string() })) },
  async ({ user, input }) => {
    const claim = await getClaimForAdmin(db(), input.claimId);
    await postClaimMessage(db(), { claim, author: "support", authorId: user.id, text: input.text });
    refresh(claim.id);
    return { ok: true, message: "Sent." };
  },
);

/** Replaces the ticked codes (all of them when none is ticked) with new ones from stock. */
export const replaceClaimAction = panelAction(
  {
    role: "admin",
    input: aClaim.extend({
      items: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((value) => (value === undefined ? undefined : [value].flat().map(Number)))
        .pipe(z.array(z.number().int().min(0)).optional()),
      note: optionalTextField.pipe(noteText("Say what was replaced.").optional()),
    }),
  },
  async ({ user, input }) => {
    const claim = await replaceClaim(db(), { claimId: input.claimId, adminId: user.id, items: input.items, note: input.note });
    refresh(claim.id);
    if (claim.status === "replacing")
      return { ok: true, message: "No stock is left: the replacement is being bought from the supplier; the claim resolves once it delivers." };
    return { ok: true, message: `Replaced ${claim.replacedItems?.length ?? 0} code(s) from stock; the reseller sees the new ones on the order.` };
  },
);

/** Returns all or part of what is left of the order's charge. */
export const refundClaimAction = panelAction(
  {
    role: "admin",
    input: aClaim.extend({ amount: optionalTextField.pipe(moneyInput.optional()), note: optionalTextField.pipe(refundNoteSchema.optional()) }),
  },
  async ({ user, input }) => {
    const claim = await refundClaim(db(), { claimId: input.claimId, adminId: user.id, amount: input.amount, note: input.note });
    refresh(claim.id);
    return { ok: true, message: `Refunded ${formatMoney(claim.refundAmount ?? 0n)} USD to the reseller.` };
  },
);

export const rejectClaimAction = panelAction(
  { role: "admin", input: aClaim.extend({ note: textField.pipe(noteText("Give the reseller a reason.")) }) },
  async ({ user, input }) => {
    const claim = await rejectClaim(db(), { claimId: input.claimId, adminId: user.id, note: input.note });
    refresh(claim.id);
    return { ok: true, message: "Rejected; the reseller reads your reason." };
  },
);

/** A category's claim window, in hours. */
export const setClaimWindowAction = panelAction(
  {
    role: "admin",
    input: z.object({
      category: z.enum(PRODUCT_CATEGORIES),
      hours: textField.transform(Number).pipe(
        z
          .number({ error: "Enter a number of hours." })
          .int("Enter whole hours.")
          .min(1, "At least 1 hour.")
          .max(MAX_CLAIM_WINDOW_SECONDS / 3600, "At most a year."),
      ),
    }),
  },
  async ({ user, input }) => {
    await setClaimWindow(db(), { category: input.category, seconds: input.hours * 3600, adminId: user.id });
    revalidatePath("/admin/claims");
    return { ok: true, message: `Claims on ${input.category} orders are now taken for ${input.hours} hours after delivery.` };
  },
);
