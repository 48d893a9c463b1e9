import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { accountSubject } from "@/lib/auth/refused-caller";
import { checkApiRateLimit } from "@/lib/ratelimit/limiter";
import { spendPanelBudget } from "./panel-budget";

describe("a panel action's budget", () => {
  it("is the API's for the same account and category: the panel is no way around the limit", async () => {
    const userId = `usr_${randomUUID()}`;
    for (let i = 0; i < 59; i++) await spendPanelBudget(userId, "order_create", "orders");
    // The reseller's cookie calls to the API spend the same budget.
    expect(await checkApiRateLimit("order_create", accountSubject(userId))).toMatchObject({ allowed: true, remaining: 0 });
    await expect(spendPanelBudget(userId, "order_create", "orders")).rejects.toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(/^Too many orders in a minute\. Try again in \d+ s\.$/),
    });
    await spendPanelBudget(userId, "default", "test deliveries");
  });
});
