import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/panel/not-built-yet";
import { requireReseller } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requireReseller();
  return (
    <NotBuiltYet
      title="Webhooks"
      description="Get order status changes pushed to your server, signed with your secret."
      arrives="Webhook settings, test deliveries and the delivery log arrive with the webhooks release."
      meanwhile="You will set your endpoint URL, see your signing secret once, send a test event and redeliver failed attempts."
      links={[
        { href: "/api-keys", label: "Manage API keys" },
        { href: "/docs", label: "API reference" },
      ]}
    />
  );
}
