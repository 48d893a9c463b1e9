import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
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

export async function authenticateApiKey(db: DbOrTx, key: string, ip: string): Promise<KeyCaller> {
  if (!API_KEY_PATTERN.test(key)) throw new AppError("unauthenticated", "The API key is malformed.");
  const [row] = await keyWithUser(db).execute({ hash: hashApiKey(key) });
  if (!row || row.key.revokedAt) throw new AppError("unauthenticated", "The API key is unknown or revoked.");
  if (row.user.status !== "active") throw new AppError("account_disabled", "This account is disabled. Contact support.");
  if (!ipAllowed(row.key.allowedIps, ip)) throw new AppError("forbidden", `This API key is not allowed from ${ip}.`);

  const lastUsed = row.key.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - lastUsed > TOUCH_INTERVAL_MS || row.key.lastUsedIp !== ip) {
    await db.update(apiKeys).set({ lastUsedAt: new Date(), lastUsedIp: ip }).where(eq(apiKeys.id, row.key.id));
  }
  return { user: row.user, apiKeyId: row.key.id };
}
