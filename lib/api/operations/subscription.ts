import { z } from "zod";
import { defineOperation } from "../operation";

export const setSubscriptionAutoRenew = defineOperation({
  operationId: "setSubscriptionAutoRenew",
  summary: "Turn subscription auto-renewal on or off",
  description: "With auto-renew on, the service renews the subscription from the balance at the end of each period.",
  tag: "Subscription",
  method: "POST",
  path: "/api/v2/subscription/auto-renew",
  resellerPath: "/api/subscription/auto-renew",
  category: "default",
  auth: "reseller",
  body: z.strictObject({ enabled: z.boolean() }),
  response: z.object({ auto_renew: z.boolean() }).meta({ id: "AutoRenew" }),
});
