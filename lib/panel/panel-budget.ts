import { accountSubject } from "@/lib/auth/refused-caller";
import { config } from "@/lib/config/env";
import { AppError } from "@/lib/errors/app-error";
import { checkApiRateLimit } from "@/lib/ratelimit/limiter";
import type { RateCategory } from "@/lib/ratelimit/categories";

/**
 * Counts a panel action against the API budget of the same category, under the same subject as the
 * reseller's cookie calls: the panel is no way around the API's limits. `what` names the action in
 * the refusal ("orders", "test deliveries").
 */
export async function spendPanelBudget(userId: string, category: RateCategory, what: string): Promise<void> {
  const limit = await checkApiRateLimit(category, accountSubject(userId), config().RATE_LIMIT_MULTIPLIER);
  if (!limit.allowed) throw new AppError("rate_limited", `Too many ${what} in a minute. Try again in ${limit.retryAfterSeconds} s.`);
}
