import { formatMoney, type Micros } from "@/lib/money/money";
import { MAX_CONSECUTIVE_FAILURES } from "@/lib/webhooks/constants";

/** What each kind carries, as notify() takes it: `notify(tx, { userId, kind, ...data })`. */
export type NotificationData =
  | { kind: "webhook_disabled"; url: string }
  | { kind: "webhook_failing"; url: string; failures: number }
  | { kind: "low_balance"; balance: Micros; threshold: Micros }
  | { kind: "order_failed"; orderId: string; productName: string; reason: string; refunded: Micros }
  | { kind: "order_refunded"; orderId: string; productName: string; reason: string; refunded: Micros }
  | { kind: "topup_credited"; paymentId: string | null; credited: Micros; txHash: string | null }
  | { kind: "topup_partially_paid"; paymentId: string; received: Micros; expected: Micros; txHash: string | null }
  | { kind: "topup_expired"; paymentId: string; expected: Micros }
  | { kind: "subscription_renews_soon"; tier: string; amount: Micros; renewsAt: Date }
  | { kind: "subscription_renewal_failed"; tier: string; amount: Micros; balance: Micros }
  | { kind: "subscription_expired"; tier: string }
  | { kind: "security"; event: SecurityEvent; ip?: string | null; detail?: string | null }
  | { kind: "announcement"; title: string; body: string };

export type SecurityEvent =
  "new_ip_sign_in" | "password_changed" | "two_factor_enabled" | "two_factor_disabled" | "api_key_created" | "api_key_revoked" | "email_changed";

export interface RenderedNotification {
  title: string;
  body: string;
  link: string | null;
}

const usd = (amount: Micros) => `${formatMoney(amount)} USD`;
const tx = (hash: string | null) => (hash ? ` Transaction: ${hash}.` : "");

const SECURITY_TITLES: Record<SecurityEvent, string> = {
  new_ip_sign_in: "Sign-in from a new IP address",
  password_changed: "Your password was changed",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  api_key_created: "API key created",
  api_key_revoked: "API key revoked",
  email_changed: "Your email address was changed",
};

function securityBody(data: Extract<NotificationData, { kind: "security" }>): string {
  const advice = "If this was not you, change your password and revoke your API keys at once.";
  if (data.event === "new_ip_sign_in")
    return `Your account signed in to the panel from ${data.ip ?? "an unknown address"}, an address it never used before. ${advice}`;
  const detail = data.detail ? ` (${data.detail})` : "";
  return `${SECURITY_TITLES[data.event]}${detail}. ${advice}`;
}

/** The words a notification is stored with, so the list, the email and a later wording change agree on what was said. */
export function renderNotification(data: NotificationData): RenderedNotification {
  switch (data.kind) {
    case "webhook_disabled":
      return {
        title: "Your webhook was disabled",
        body: `${MAX_CONSECUTIVE_FAILURES} deliveries in a row to ${data.url} failed, so we stopped sending. Fix the receiver, then turn the webhook on again on the Webhooks page (or PUT /api/v2/account/webhook with enabled true) and recover the missed events.`,
        link: "/webhooks",
      };
    case "webhook_failing":
      return {
        title: "Your webhook is failing",
        body: `${data.failures} deliveries in a row to ${data.url} failed. At ${MAX_CONSECUTIVE_FAILURES} the webhook is turned off.`,
        link: "/webhooks",
      };
    case "low_balance":
      return {
        title: "Low balance",
        body: `Your balance is ${usd(data.balance)}, below your threshold of ${usd(data.threshold)}. Top up to keep your orders going.`,
        link: "/topup",
      };
    case "order_failed":
      return {
        title: `Order ${data.orderId} failed`,
        body: `${data.productName}: ${data.reason}. ${usd(data.refunded)} went back to your balance.`,
        link: `/orders/${data.orderId}`,
      };
    case "order_refunded":
      return {
        title: `Order ${data.orderId} refunded`,
        body: `${data.productName}: ${data.reason}. ${usd(data.refunded)} went back to your balance.`,
        link: `/orders/${data.orderId}`,
      };
    case "topup_credited":
      return {
        title: "Top-up credited",
        body: `${usd(data.credited)} was credited to your balance${data.paymentId ? ` (${data.paymentId})` : ""}.${tx(data.txHash)}`,
        link: "/balance",
      };
    case "topup_partially_paid":
      return {
        title: "Top-up partially paid",
        body: `${usd(data.received)} of ${usd(data.expected)} arrived for ${data.paymentId}.${tx(data.txHash)}`,
        link: "/topup",
      };
    case "topup_expired":
      return { title: "Top-up expired", body: `The invoice ${data.paymentId} for ${usd(data.expected)} expired unpaid.`, link: "/topup" };
    case "subscription_renews_soon":
      return {
        title: "Your subscription renews in 3 days",
        body: `${data.tier} renews on ${data.renewsAt.toISOString().slice(0, 10)} for ${usd(data.amount)} from your balance.`,
        link: "/subscription",
      };
    case "subscription_renewal_failed":
      return {
        title: "Subscription renewal failed",
        body: `${data.tier} costs ${usd(data.amount)} but your balance is ${usd(data.balance)}. Top up and renew on the Subscription page.`,
        link: "/subscription",
      };
    case "subscription_expired":
      return { title: "Subscription expired", body: `Your ${data.tier} month ended unpaid; prices now follow Bronze until you renew.`, link: "/subscription" };
    case "security":
      return { title: SECURITY_TITLES[data.event], body: securityBody(data), link: "/profile" };
    case "announcement":
      return { title: data.title, body: data.body, link: null };
  }
}
