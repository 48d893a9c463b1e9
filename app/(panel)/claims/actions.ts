"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { postClaimMessage } from "@/lib/claims/claim-messages";
import { checkClaimImage } from "@/lib/claims/image";
import { openClaim } from "@/lib/claims/open-claim";
import { getClaim } from "@/lib/claims/read-claims";
import { claimMessageInput, openClaimSchema } from "@/lib/claims/schemas";
import { db } from "@/lib/db/client";
import { textField } from "@/lib/panel/form-fields";
import { panelActor } from "@/lib/panel/panel-actor";
import { formFields, panelAction, runPanelAction, type PanelState } from "@/lib/panel/panel-action";

const openClaimInput = z.object({ orderId: textField, reason: textField, message: textField }).pipe(openClaimSchema.extend({ orderId: z.string() }));

/** The image the form attached, if any: a file input left empty sends a file of no bytes. */
async function attachedImage(form: FormData) {
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return null;
  return checkClaimImage(new Uint8Array(await file.arrayBuffer()));
}

/** The reseller opens a claim on one of their completed orders, with an image if they attach one. */
export async function openClaimAction(_previous: PanelState<{ claimId: string }>, form: FormData): Promise<PanelState<{ claimId: string }>> {
  return runPanelAction(
    { role: "reseller", capability: "claims", budget: { category: "default", what: "claims" }, input: openClaimInput, echo: ["reason", "message"] },
    async ({ user, member, input }) => {
      const image = await attachedImage(form);
      const actor = await panelActor(member!);
      const { claim } = await db().transaction((tx) =>
        openClaim(tx, { userId: user!.id, orderId: input.orderId, reason: input.reason, message: input.message, image, actor }),
      );
      revalidatePath(`/orders/${input.orderId}`);
      revalidatePath("/claims");
      return { ok: true, message: "Claim opened. We answer by the time shown.", data: { claimId: claim.id } };
    },
    formFields(form),
  );
}

/** The reseller writes to support in a claim's chat. */
export const postClaimMessageAction = panelAction(
  {
    role: "reseller",
    capability: "claims",
    budget: { category: "default", what: "messages" },
    input: z.object({ claimId: textField, text: textField }).pipe(claimMessageInput.extend({ claimId: z.string() })),
  },
  async ({ user, input }) => {
    const claim = await getClaim(db(), user.id, input.claimId);
    await postClaimMessage(db(), { claim, author: "reseller", authorId: user.id, text: input.text });
    revalidatePath(`/claims/${claim.id}`);
    return { ok: true };
  },
);
