import { eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "@/lib/db/client";
import { preparedQuery, setPlaceholder } from "@/lib/db/prepared";
import { apiKeys, users, type User } from "@/lib/db/schema";
import { keySubject, RefusedCaller } from "@/lib/auth/refused-caller";
import { AppError } from "@/lib/errors/app-error";
import type { SubscriptionFields } from "@/lib/subscriptions/rules";
import { ipAllowed } from "./ip-allowlist";
import { keyCacheOf, type CachedKey } from "./key-cache";
import { scopeSet, type ApiScope } from "./scopes";
import { API_KEY_PATTERN, hashApiKey } from "./key-format";

/** Last use is written at most this often per key, so that busy keys do not write on every call. */
const TOUCH_INTERVAL_MS = 10_000;

export interface KeyCaller {
  userId: string;
  apiKeyId: string;
  createdBy: string | null;
  scopes: ReadonlySet<ApiScope>;
  subscription: SubscriptionFields;
  /** The reseller as read with the key; null when the key came from the cache. */
  user: User | null;
}

const keyWithUser = preparedQuery((db) =>
  db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.hash, sql.placeholder("hash")))
    .limit(1)
    .prepare("api_key_with_user"),
);

/**
 * Stamps the key's last use, unless the stamp is fresh or another request holds the row to stamp it:
 * that lock is skipped, never waited for. Every request of a busy key reads the same stale stamp at
 * once; if each waited its turn for the row and a commit, they would all queue every 10 seconds.
 */
const touchKey = preparedQuery((db) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: setPlaceholder("now", apiKeys.lastUsedAt), lastUsedIp: setPlaceholder("ip", apiKeys.lastUsedIp) })
    .where(
      sql`${apiKeys.id} = (select ${apiKeys.id} from ${apiKeys} where ${apiKeys.id} = ${sql.placeholder("id")}
        and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${setPlaceholder("staleBefore", apiKeys.lastUsedAt)} or ${apiKeys.lastUsedIp} is distinct from ${setPlaceholder("ip", apiKeys.lastUsedIp)})
        for update skip locked)`,
    )
    .prepare("touch_api_key"),
);

/** Stamps the key's last use when the stamp is stale or the caller's IP moved; nothing to wait for otherwise. */
function touchIfStale(db: DbOrTx, key: CachedKey, ip: string): Promise<unknown> | null {
  if (Date.now() - key.lastUsedAt <= TOUCH_INTERVAL_MS && key.lastUsedIp === ip) return null;
  const now = new Date();
  key.lastUsedAt = now.getTime();
  key.lastUsedIp = ip;
  return touchKey(db).execute({ id: key.apiKeyId, ip, now, staleBefore: new Date(now.getTime() - TOUCH_INTERVAL_MS) });
}

const callerOf = (key: CachedKey, user: User | null): KeyCaller => ({
  userId: key.userId,
  apiKeyId: key.apiKeyId,
  createdBy: key.createdBy,
  scopes: key.scopes,
  subscription: key.subscription,
  user,
});

const notAllowedFrom = (ip: string, apiKeyId: string) => new RefusedCaller("forbidden", `This API key is not allowed from ${ip}.`, keySubject(apiKeyId));

/**
 * The caller a key stands for. A key this instance has already accepted comes from its cache (see
 * key-cache.ts for why a revoke or a block still takes effect at once); any other is read with its
 * reseller.
 */
export async function authenticateApiKey(database: Database, key: string, ip: string): Promise<KeyCaller> {
  return authenticateApiKeyNow(database, key, ip);
}

/**
 * authenticateApiKey, answered at once (not through a promise) for a cached key whose last use needs no
 * stamp, which is nearly every call of a busy key: a promise and its turn of the event loop were part of
 * what the API wrapper cost per call (docs/performance.md, issue 43). Refusals are thrown.
 */
export function authenticateApiKeyNow(database: Database, key: string, ip: string): KeyCaller | Promise<KeyCaller> {
  if (!API_KEY_PATTERN.test(key)) throw new AppError("unauthenticated", "The API key is malformed.");
  const hash = hashApiKey(key);
  const cached = keyCacheOf(database).get(hash);
  if (!cached) return readKey(database, hash, ip);
  if (!ipAllowed(cached.allowedIps, ip)) throw notAllowedFrom(ip, cached.apiKeyId);
  const caller = callerOf(cached, null);
  const touched = touchIfStale(database.db, cached, ip);
  return touched ? touched.then(() => caller) : caller;
}

/** A key this instance has not cached: read with its reseller, and remembered when it may be. */
async function readKey(database: Database, hash: string, ip: string): Promise<KeyCaller> {
  const { db } = database;
  const cache = keyCacheOf(database);
  const generation = cache.generation();
  const [row] = await keyWithUser(db).execute({ hash });
  if (!row || row.key.revokedAt) throw new AppError("unauthenticated", "The API key is unknown or revoked.");
  if (row.user.status !== "active") throw new RefusedCaller("account_disabled", "This account is disabled. Contact support.", keySubject(row.key.id));
  const entry: CachedKey = {
    apiKeyId: row.key.id,
    userId: row.user.id,
    createdBy: row.key.createdBy,
    scopes: scopeSet(row.key.scopes),
    allowedIps: row.key.allowedIps,
    subscription: {
      tier: row.user.tier,
      periodStart: row.user.periodStart,
      periodEnd: row.user.periodEnd,
      nextTier: row.user.nextTier,
      subscriptionStatus: row.user.subscriptionStatus,
    },
    lastUsedAt: row.key.lastUsedAt?.getTime() ?? 0,
    lastUsedIp: row.key.lastUsedIp,
  };
  cache.remember(hash, entry, generation);
  if (!ipAllowed(entry.allowedIps, ip)) throw notAllowedFrom(ip, entry.apiKeyId);
  await touchIfStale(db, entry, ip);
  return callerOf(entry, row.user);
}
