import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, type ApiKey } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids/ids";
import { displayPrefix, generateApiKey, hashApiKey } from "./key-format";
import { allowlistTextSchema, apiKeyNameSchema } from "./schemas";

export type ApiKeySummary = Omit<ApiKey, "hash">;

const summaryColumns = {
  id: apiKeys.id,
  userId: apiKeys.userId,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  allowedIps: apiKeys.allowedIps,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  revokedAt: apiKeys.revokedAt,
};

/** Creates a key and returns its plaintext, which is never stored and cannot be shown again. */
export async function createApiKey(
  db: DbOrTx,
  input: { userId: string; name: string; allowedIps?: string; key?: string },
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const name = apiKeyNameSchema.parse(input.name);
  const allowedIps = allowlistTextSchema.parse(input.allowedIps ?? "");
  const key = input.key ?? generateApiKey();
  const [apiKey] = await db
    .insert(apiKeys)
    .values({ id: newId("key"), userId: input.userId, name, prefix: displayPrefix(key), hash: hashApiKey(key), allowedIps })
    .returning(summaryColumns);
  return { key, apiKey };
}

export async function listApiKeys(db: DbOrTx, userId: string): Promise<ApiKeySummary[]> {
  return db.select(summaryColumns).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id));
}

/** Revocation takes effect at once: the migration's trigger tells every instance to drop the key from its cache at commit. */
export async function revokeApiKey(db: DbOrTx, userId: string, keyId: string): Promise<void> {
  const updated = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (updated.length === 0) throw notFound("API key");
}

export async function updateApiKeyAllowlist(db: DbOrTx, userId: string, keyId: string, allowedIpsText: string): Promise<void> {
  const allowedIps = allowlistTextSchema.parse(allowedIpsText);
  const updated = await db
    .update(apiKeys)
    .set({ allowedIps })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (updated.length === 0) throw notFound("API key");
}
