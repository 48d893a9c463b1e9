import type { NotificationKind } from "@/lib/db/schema";

export interface KindInfo {
  label: string;
  /** What the preferences page says the kind is about. */
  about: string;
  /** Always emailed: the reseller cannot turn it off (the preferences page shows it locked). */
  mandatory: boolean;
}

export const KIND_INFO: Record<NotificationKind, KindInfo> = {
  webhook_disabled: { label: "Webhook disabled", about: "50 failed deliveries in a row turned your webhook off.", mandatory: true },
  webhook_failing: { label: "Webhook failing", about: "10 failed deliveries in a row, once per streak.", mandatory: false },
  low_balance: { label: "Low balance", about: "Your balance fell below your threshold, once per crossing.", mandatory: false },
  order_failed: { label: "Order failed", about: "An order could not be fulfilled and its charge came back.", mandatory: false },
  order_refunded: { label: "Order refunded", about: "An admin refunded a completed order.", mandatory: false },
  topup_credited: { label: "Top-up credited", about: "A USDT payment was credited to your balance.", mandatory: false },
  topup_partially_paid: { label: "Top-up partially paid", about: "A payment arrived short of the invoice.", mandatory: false },
  topup_expired: { label: "Top-up expired", about: "An invoice expired unpaid.", mandatory: false },
  subscription_renews_soon: { label: "Subscription renews soon", about: "Your subscription renews in 3 days.", mandatory: false },
  subscription_renewal_failed: { label: "Subscription renewal failed", about: "Your balance could not pay the renewal.", mandatory: true },
  subscription_expired: { label: "Subscription expired", about: "Your paid month ended without a renewal.", mandatory: false },
  security: {
    label: "Security",
    about: "Sign-in from a new IP, password or email changed, two-factor on or off, API key created or revoked.",
    mandatory: true,
  },
  announcement: { label: "Announcements", about: "Maintenance and new products, from the team.", mandatory: false },
};

export function isMandatory(kind: NotificationKind): boolean {
  return KIND_INFO[kind].mandatory;
}
