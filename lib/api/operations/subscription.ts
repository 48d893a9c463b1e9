import { z } from "zod";
import { TIERS } from "@/lib/db/schema";
import { moneyString, timestampString } from "@/lib/records/fields";
import { defineOperation } from "../operation";

const discountsSchema = z
  .record(z.string(), z.string())
  .meta({ description: "Discount percentage per product category, as decimal strings.", example: { giftcard: "3.5", topup: "2" } });

export const subscriptionSchema = z
  .object({
    tier: z.enum(TIERS).meta({ description: "The subscribed tier. An expired subscription keeps its tier name; renewing buys it again." }),
    status: z.enum(["active", "expired"]),
    current_period_start: timestampString.nullable().meta({ description: "Null on Bronze, which is free and never expires." }),
    current_period_end: timestampString.nullable().meta({ description: "The end of paid time: a renew extends it by one calendar month. Null on Bronze." }),
    auto_renew: z.boolean(),
    price: moneyString.meta({ description: "The tier's monthly price." }),
    discounts: discountsSchema.meta({ description: "The discounts your prices follow now: the tier's while active, Bronze's once expired." }),
    effective_tier: z.enum(TIERS).meta({ description: "The tier prices follow now (Bronze once expired)." }),
    pending_tier: z.enum(TIERS).nullable().meta({ description: "A lower tier chosen at renewal, applying from the current month's end." }),
    pending_from: timestampString.nullable().meta({ description: "When the pending tier applies: the end of the current month." }),
    next_period_paid: z.boolean().meta({ description: "Whether the month after the current one is already paid (a further renew charges nothing)." }),
    tiers: z.array(z.object({ tier: z.enum(TIERS), price: moneyString, discounts: discountsSchema })),
  })
  .meta({ id: "Subscription" });

const tierBody = z.enum(TIERS).meta({ description: `One of ${TIERS.join(", ")}.` });

export const getSubscriptionOp = defineOperation({
  operationId: "getSubscription",
  summary: "The calling reseller's subscription and the tariffs",
  description:
    "Bronze is free and never expires (no period). Silver and Gold are bought one calendar month at a time (UTC; a day past the end of the next month is clamped to its last day). " +
    "At the period's end the service renews from the balance when auto-renew is on; a subscription that cannot be paid expires and prices fall back to Bronze.",
  tag: "Subscription",
  method: "GET",
  path: "/api/v2/subscription",
  resellerPath: "/api/subscription",
  category: "account_read",
  auth: "reseller",
  scope: "account:read",
  response: subscriptionSchema,
});

export const renewSubscriptionOp = defineOperation({
  operationId: "renewSubscription",
  summary: "Pay the next month of the subscription",
  description:
    "Charges the tier's monthly price (a `subscription` transaction) and extends the period by one month. Naming a lower tier makes it apply from the end of the current month, " +
    "charged at that tier's price; naming Bronze charges nothing and schedules the downgrade. A higher tier is refused (use upgrade). " +
    "Idempotent per period: once the next month is paid, a further renew (also one racing it) charges nothing and answers the subscription. " +
    "On Bronze or an expired subscription, renewing a paid tier starts a new month now at its full price. 402 insufficient_balance when the balance is short.",
  tag: "Subscription",
  method: "POST",
  path: "/api/v2/subscription/renew",
  resellerPath: "/api/subscription/renew",
  category: "default",
  auth: "reseller",
  scope: "payments:write",
  body: z.strictObject({ tier: tierBody.optional() }),
  response: subscriptionSchema,
  errors: ["validation_error", "insufficient_balance"],
});

export const upgradeSubscriptionOp = defineOperation({
  operationId: "upgradeSubscription",
  summary: "Move to a higher tier at once",
  description:
    "The new tier applies at once. Proration: charge = (new tier's monthly price - current tier's monthly price) x (current_period_end - now, in milliseconds) / " +
    "(current_period_end - current_period_start, in milliseconds), rounded half up to the micro-dollar (0.000001 USD); an already paid next month is upgraded too, " +
    "charging the full difference for it. From Bronze or an expired subscription a new month starts now at the full price. The same or a lower tier is refused with " +
    "400 validation_error; 402 insufficient_balance when the balance is short.",
  tag: "Subscription",
  method: "POST",
  path: "/api/v2/subscription/upgrade",
  resellerPath: "/api/subscription/upgrade",
  category: "default",
  auth: "reseller",
  scope: "payments:write",
  body: z.strictObject({ tier: tierBody }),
  response: subscriptionSchema,
  errors: ["validation_error", "insufficient_balance"],
});

export const setSubscriptionAutoRenewOp = defineOperation({
  operationId: "setSubscriptionAutoRenew",
  summary: "Turn subscription auto-renewal on or off",
  description: "With auto-renew on, the service renews the subscription from the balance at the end of each period. Answers the whole subscription.",
  tag: "Subscription",
  method: "POST",
  path: "/api/v2/subscription/auto-renew",
  resellerPath: "/api/subscription/auto-renew",
  category: "default",
  auth: "reseller",
  scope: "payments:write",
  body: z.strictObject({ enabled: z.boolean() }),
  response: subscriptionSchema,
});
