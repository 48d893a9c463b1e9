/** Requests per minute for each API category; RATE_LIMIT_MULTIPLIER scales them at the call site. */
const PER_MINUTE = {
  catalog_read: 30,
  order_create: 60,
  order_status: 120,
  account_read: 30,
  payment_write: 15,
  default: 120,
} as const;

export type RateCategory = keyof typeof PER_MINUTE;

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export const RATE_CATEGORIES: Readonly<Record<RateCategory, RateLimitRule>> = Object.fromEntries(
  Object.entries(PER_MINUTE).map(([category, limit]) => [category, { limit, windowMs: 60_000 }]),
) as Record<RateCategory, RateLimitRule>;

/** Per client IP; a long window so password guessing stays slow even at a steady trickle. */
export const LOGIN_LIMIT: Readonly<RateLimitRule> = { limit: 10, windowMs: 15 * 60_000 };

/** Reset and confirmation mails asked for one address, whoever asks: enough for a typo, too few to flood an inbox. */
export const ACCOUNT_MAIL_LIMIT: Readonly<RateLimitRule> = { limit: 5, windowMs: 60 * 60_000 };
