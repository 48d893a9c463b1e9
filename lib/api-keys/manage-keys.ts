import { requireVerifiedEmail } from "@/lib/accounts/email-verification";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { config } from "@/lib/config/env";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, users, type ApiKey } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { notify } from "@/lib/notifications/notify";
import { newId } from "@/lib/ids/ids";
import { displayPrefix, generateApiKey, hashApiKey } from "./key-format";
import { allowlistTextSchema, apiKeyNameSchema } from "./schemas";
import { API_SCOPES, apiScopesSchema, type ApiScope } from "./scopes";
import { accountActor, recordAudit, type AuditActor } from "@/lib/audit/record";

export type ApiKeySummary = Omit<ApiKey, "hash">;

const summaryColumns = {
  id: apiKeys.id,
  userId: apiKeys.userId,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  allowedIps: apiKeys.allowedIps,
  scopes: apiKeys.scopes,
  createdBy: apiKeys.createdBy,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  revokedAt: apiKeys.revokedAt,
};

/** How many active keys a reseller may hold (API_KEYS_PER_RESELLER); revoked keys do not count. */
export function apiKeyCap(): number {
  return config().API_KEYS_PER_RESELLER;
}

/**
 * Creates a key and returns its plaintext, which is never stored and cannot be shown again. Refused
 * past the cap: the user row stays locked from the count to the insert, so two creations at once at
 * one below the cap leave the cap, not one more. Without `scopes` the key gets every scope; without
 * `actor` (the seed, the command line) the account itself made it.
 */
export async function createApiKey(
  db: DbOrTx,
  input: { userId: string; name: string; allowedIps?: string; scopes?: readonly ApiScope[]; key?: string; actor?: AuditActor },
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const name = apiKeyNameSchema.parse(input.name);
  const allowedIps = allowlistTextSchema.parse(input.allowedIps ?? "");
  const scopes = apiScopesSchema.parse(input.scopes ?? API_SCOPES);
  const actor = input.actor ?? accountActor(input.userId);
  const key = input.key ?? generateApiKey();
  const cap = apiKeyCap();
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ role: users.role, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, input.userId))
      .for("no key update");
    if (owner) requireVerifiedEmail(owner);
    const [{ active }] = await tx
      .select({ active: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)));
    if (active >= cap) {
      throw new AppError(
        "forbidden",
        `You have ${active} active API keys, the most an account can hold. Revoke a key you no longer use, then create this one.`,
        {
          active_keys: active,
          cap,
        },
      );
    }
    const [apiKey] = await tx
      .insert(apiKeys)
      .values({
        id: newId("key"),
        userId: input.userId,
        name,
        prefix: displayPrefix(key),
        hash: hashApiKey(key),
        allowedIps,
        scopes,
        createdBy: actor.userId ?? input.userId,
      })
      .returning(summaryColumns);
    await recordAudit(tx, {
      accountId: input.userId,
      actor,
      action: "api_key.created",
      subject: apiKey.id,
      details: { name: apiKey.name, prefix: apiKey.prefix, scopes },
    });
    await notify(tx, { userId: input.userId, kind: "security", event: "api_key_created", detail: `${apiKey.name}, ${apiKey.prefix}…` });
    return { key, apiKey };
  });
}

export async function listApiKeys(db: DbOrTx, userId: string): Promise<ApiKeySummary[]> {
  return db.select(summaryColumns).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id));
}

/** Revocation takes effect at once: the migration's trigger tells every instance to drop the key from its cache at commit. */
export async function revokeApiKey(db: DbOrTx, userId: string, keyId: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!revoked) throw notFound("API key");
    await recordAudit(tx, { accountId: userId, actor, action: "api_key.revoked", subject: keyId, details: { name: revoked.name, prefix: revoked.prefix } });
    await notify(tx, { userId, kind: "security", event: "api_key_revoked", detail: `${revoked.name}, ${revoked.prefix}…` });
  });
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
