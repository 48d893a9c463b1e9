import { config } from "@/lib/config/env";
import { ACCOUNT_MAIL_LIMIT, LOGIN_LIMIT, RATE_CATEGORIES, type RateCategory, type RateLimitRule } from "./categories";
import { MemoryRateLimitStore } from "./memory-store";
import { storeFailed, storeAnswered, type OutageVerdict } from "./outage";
import { RedisRateLimitStore } from "./redis-store";
import type { RateLimitResult, RateLimitStore } from "./store";

/** Redis when configured (shared by all instances); otherwise in-process, fine for a single server. */
export function createRateLimitStore(redisUrl?: string): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}

// On globalThis so Next's dev reloads and separate bundles reuse one store (and one connection).
const cache = globalThis as unknown as { __rateLimitStore?: RateLimitStore };

/** The process-wide store, created on first use from REDIS_URL. */
export function rateLimitStore(): RateLimitStore {
  return (cache.__rateLimitStore ??= createRateLimitStore(config().REDIS_URL));
}

/** One call to the store, with the outage's bookkeeping (outage.ts): `fallback` answers while it is down. */
async function ask(
  store: RateLimitStore,
  call: (store: RateLimitStore) => Promise<RateLimitResult>,
  verdict: OutageVerdict,
  fallback: () => RateLimitResult,
): Promise<RateLimitResult> {
  let result: RateLimitResult;
  try {
    result = await call(store);
  } catch (error) {
    storeFailed(store, error, verdict);
    return fallback();
  }
  storeAnswered(store);
  return result;
}

/**
 * Per-category API limit for one subject (an API key or account). Fails open: an outage of the
 * limiter must not take the API down with it. Nothing is counted meanwhile, so the answer says
 * `unavailable` and the API shows no budget (no X-RateLimit headers) rather than a made-up one.
 * A store in this process answers at once (hitNow), without a promise; Redis through one.
 */
export function checkApiRateLimit(category: RateCategory, subject: string, multiplier = 1, store?: RateLimitStore): RateLimitResult | Promise<RateLimitResult> {
  const { limit, windowMs } = RATE_CATEGORIES[category];
  const scaled = limit * multiplier;
  const asked = store ?? rateLimitStore();
  const key = `api:${category}:${subject}`;
  if (asked.hitNow) {
    let result: RateLimitResult;
    try {
      result = asked.hitNow(key, scaled, windowMs);
    } catch (error) {
      storeFailed(asked, error, "let-through");
      return uncounted(category, multiplier);
    }
    storeAnswered(asked);
    return result;
  }
  return ask(
    asked,
    (s) => s.hit(key, scaled, windowMs),
    "let-through",
    () => uncounted(category, multiplier),
  );
}

/**
 * The category's budget of a subject without spending any of it, for a call refused before it was
 * counted (a blocked account, a key used from outside its allowlist). Fails open, as the check does.
 */
export function peekApiRateLimit(category: RateCategory, subject: string, multiplier = 1, store?: RateLimitStore): Promise<RateLimitResult> {
  const { limit, windowMs } = RATE_CATEGORIES[category];
  const scaled = limit * multiplier;
  return ask(
    store ?? rateLimitStore(),
    (s) => s.peek(`api:${category}:${subject}`, scaled, windowMs),
    "none",
    () => uncounted(category, multiplier),
  );
}

/** The fail-open answer: admitted, the budget unknown. */
function uncounted(category: RateCategory, multiplier: number): RateLimitResult {
  return { ...untouchedBudget(category, multiplier), unavailable: true };
}

/** A category's whole budget: what a call that names no caller shows, since it spends nothing. */
export function untouchedBudget(category: RateCategory, multiplier = 1): RateLimitResult {
  const scaled = RATE_CATEGORIES[category].limit * multiplier;
  return { allowed: true, limit: scaled, remaining: scaled, resetSeconds: 0, retryAfterSeconds: 0 };
}

/**
 * Login attempts per client IP. Fails closed: without the limiter, password guessing would be
 * unlimited, so refusing logins for a while is the lesser harm.
 */
export function checkLoginRateLimit(ip: string, store?: RateLimitStore): Promise<RateLimitResult> {
  return hitFailingClosed(`login:${ip}`, store);
}

/**
 * Checks of an account's current password (the password change), per account: whoever holds a copy
 * of its session cookie asks from any address they like. Fails closed, as the login does.
 */
export function checkPasswordCheckRateLimit(userId: string, store?: RateLimitStore): Promise<RateLimitResult> {
  return hitFailingClosed(`password-check:${userId}`, store);
}

/**
 * Two-factor codes tried at sign-in, per account: whoever holds the password can ask from any address
 * they like, and a code has only a million values. Fails closed, as the login does.
 */
export function checkSecondFactorRateLimit(userId: string, store?: RateLimitStore): Promise<RateLimitResult> {
  return hitFailingClosed(`second-factor:${userId}`, store);
}

/**
 * New accounts per client IP. Each costs a password hash and a row, and a script could otherwise make
 * them without end. Fails closed, as the login does.
 */
export function checkRegistrationRateLimit(ip: string, store?: RateLimitStore): Promise<RateLimitResult> {
  return hitFailingClosed(`register:${ip}`, store);
}

/**
 * Requests for a password reset or an address confirmation, per client IP and per address asked for,
 * counted alike whether an account has the address (so the count tells nothing). Each sends a mail,
 * so a script could otherwise flood an inbox or probe addresses. Fails closed, as the login does.
 */
export async function checkAccountMailRateLimit(ip: string, email: string, store?: RateLimitStore): Promise<RateLimitResult> {
  const byIp = await hitFailingClosed(`account-mail-ip:${ip}`, store);
  if (!byIp.allowed) return byIp;
  return hitFailingClosed(`account-mail:${email}`, store, ACCOUNT_MAIL_LIMIT);
}

function hitFailingClosed(key: string, store?: RateLimitStore, rule: RateLimitRule = LOGIN_LIMIT): Promise<RateLimitResult> {
  const { limit, windowMs } = rule;
  return ask(
    store ?? rateLimitStore(),
    (s) => s.hit(key, limit, windowMs),
    "refused",
    () => ({
      allowed: false,
      limit,
      remaining: 0,
      resetSeconds: 60,
      retryAfterSeconds: 60,
      unavailable: true,
    }),
  );
}
