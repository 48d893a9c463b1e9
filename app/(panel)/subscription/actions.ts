"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { TIERS } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { textField } from "@/lib/panel/form-fields";
import { panelAction } from "@/lib/panel/panel-action";
import { setAutoRenew } from "@/lib/subscriptions/set-auto-renew";
import { changeSubscriptionAsQuoted } from "@/lib/subscriptions/quoted-change";
import { panelActor } from "@/lib/panel/panel-actor";

function refresh() {
  for (const path of ["/subscription", "/dashboard", "/catalog", "/balance"]) revalidatePath(path);
}

/** Renew or upgrade, as confirmed on the Subscription page. */
export const changeSubscriptionAction = panelAction(
  {
    role: "reseller",
    capability: "subscription",
    input: z.object({
      action: z.enum(["renew", "upgrade"], { error: "Choose a tier." }),
      tier: z.enum(TIERS, { error: "Choose a tier." }),
      quotedAt: textField.transform(Number),
    }),
  },
  async ({ user, member, input }) => {
    // Refused or not, the page shows the subscription as it is now.
    const { charged, record } = await changeSubscriptionAsQuoted(db(), user.id, input, await panelActor(member)).finally(refresh);
    const paid = charged > 0n ? `Charged ${formatMoney(charged)} USD.` : "Nothing was charged.";
    if (input.action === "upgrade") return { ok: true, message: `You are on ${record.tier} now. ${paid}` };
    return { ok: true, message: `${record.pending_tier ? `${record.pending_tier} applies from the end of this period.` : "Renewed."} ${paid}` };
  },
);

export const autoRenewAction = panelAction(
  { role: "reseller", capability: "subscription", input: z.object({ enabled: textField.transform((text) => text === "true") }) },
  async ({ user, member, input }) => {
    await setAutoRenew(db(), user.id, input.enabled, await panelActor(member));
    refresh();
    return { ok: true, message: input.enabled ? "Auto-renew is on." : "Auto-renew is off: the subscription expires at the end of its period." };
  },
);
