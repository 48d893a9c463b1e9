import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery, setPlaceholder } from "@/lib/db/prepared";
import { apiKeys, users, type User } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ipAllowed } from "./ip-allowlist";
import { API_KEY_PATTERN, hashApiKey } from "./key-format";

/** Last use is written at most this often per key, so that busy keys do not write on every call. */
const TOUCH_INTERVAL_MS = 10_000;

export interface KeyCaller {
  user: User;
  apiKeyId: string;
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

export async function authenticateApiKey(db: DbOrTx, key: string, ip: string): Promise<KeyCaller> {
  if (!API_KEY_PATTERN.test(key)) throw new AppError("unauthenticated", "The API key is malformed.");
  const [row] = await keyWithUser(db).execute({ hash: hashApiKey(key) });
  if (!row || row.key.revokedAt) throw new AppError("unauthenticated", "The API key is unknown or revoked.");
  if (row.user.status !== "active") throw new AppError("account_disabled", "This account is disabled. Contact support.");
  if (!ipAllowed(row.key.allowedIps, ip)) throw new AppError("forbidden", `This API key is not allowed from ${ip}.`);

  const lastUsed = row.key.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - lastUsed > TOUCH_INTERVAL_MS || row.key.lastUsedIp !== ip) {
    const now = new Date();
    await touchKey(db).execute({ id: row.key.id, ip, now, staleBefore: new Date(now.getTime() - TOUCH_INTERVAL_MS) });
  }
  return { user: row.user, apiKeyId: row.key.id };
}
