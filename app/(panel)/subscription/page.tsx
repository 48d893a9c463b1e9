import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/panel/not-built-yet";
import { requireReseller } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Subscription" };

export default async function SubscriptionPage() {
  const user = await requireReseller();
  return (
    <NotBuiltYet
      title="Subscription"
      description={`Your tariff decides your discounts. Current tier: ${user.tier}.`}
      arrives="Renewing, upgrading and auto-renewal of your Bronze, Silver or Gold tariff arrive with the subscriptions release."
      meanwhile="You will see each tier's monthly price and discounts per category, and renew or upgrade from your balance."
      links={[{ href: "/dashboard", label: "Back to the dashboard" }]}
    />
  );
}
