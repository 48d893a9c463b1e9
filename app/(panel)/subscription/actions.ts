"use server";

import { revalidatePath } from "next/cache";
import { requireReseller } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { TIERS, type Tier } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";
import { setAutoRenew } from "@/lib/subscriptions/set-auto-renew";
import { changeSubscriptionAsQuoted } from "@/lib/subscriptions/quoted-change";

function refresh() {
  for (const path of ["/subscription", "/dashboard", "/catalog", "/balance"]) revalidatePath(path);
}

const tierOf = (value: string): Tier | null => ((TIERS as readonly string[]).includes(value) ? (value as Tier) : null);

/** Renew or upgrade, as confirmed on the Subscription page. */
export async function changeSubscriptionAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const user = await requireReseller();
    const action = formText(form, "action");
    const tier = tierOf(formText(form, "tier"));
    if (!tier || (action !== "renew" && action !== "upgrade")) return { ok: false, message: "Choose a tier." };
    // Refused or not, the page shows the subscription as it is now.
    const { charged, record } = await changeSubscriptionAsQuoted(db(), user.id, { action, tier, quotedAt: Number(formText(form, "quotedAt")) }).finally(refresh);
    const paid = charged > 0n ? `Charged ${formatMoney(charged)} USD.` : "Nothing was charged.";
    if (action === "upgrade") return { ok: true, message: `You are on ${record.tier} now. ${paid}` };
    return { ok: true, message: `${record.pending_tier ? `${record.pending_tier} applies from the end of this period.` : "Renewed."} ${paid}` };
  });
}

export async function autoRenewAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const user = await requireReseller();
    const enabled = formText(form, "enabled") === "true";
    await setAutoRenew(db(), user.id, enabled);
    refresh();
    return { ok: true, message: enabled ? "Auto-renew is on." : "Auto-renew is off: the subscription expires at the end of its period." };
  });
}
