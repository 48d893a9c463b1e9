import { asc, eq, gt } from "drizzle-orm";
import { eachBatch, REENCRYPT_BATCH, underOwnKey } from "@/lib/crypto/reencrypt";
import type { Db } from "@/lib/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";

export interface ReencryptedWebhookSecrets {
  /** Resellers' signing secrets, so that their receivers accept the signatures again. */
  webhookSecrets: number;
  /** Stored request bodies of deliveries, so that they can be shown and sent again. */
  webhookBodies: number;
  /** Secrets and bodies that neither key opens, left as they are. */
  unreadable: number;
}

/** Re-encrypts under ENCRYPTION_KEY the webhook secrets and stored delivery bodies another key wrote. */
export async function reencryptWebhookSecrets(db: Db, otherKey: string): Promise<ReencryptedWebhookSecrets> {
  const outcome: ReencryptedWebhookSecrets = { webhookSecrets: 0, webhookBodies: 0, unreadable: 0 };

  const endpoints = await db.select({ userId: webhookEndpoints.userId, secret: webhookEndpoints.secretEncrypted }).from(webhookEndpoints);
  for (const endpoint of endpoints) {
    const secret = underOwnKey(endpoint.secret, otherKey);
    if (!secret) outcome.unreadable += 1;
    else if (secret.changed) {
      await db.update(webhookEndpoints).set({ secretEncrypted: secret.value }).where(eq(webhookEndpoints.userId, endpoint.userId));
      outcome.webhookSecrets += 1;
    }
  }

  await eachBatch(
    (after: string | null) =>
      db
        .select({ id: webhookDeliveries.id, body: webhookDeliveries.requestBodyEncrypted })
        .from(webhookDeliveries)
        .where(after === null ? undefined : gt(webhookDeliveries.id, after))
        .orderBy(asc(webhookDeliveries.id))
        .limit(REENCRYPT_BATCH),
    async (rows) => {
      const changed = rows.flatMap((row) => {
        const body = underOwnKey(row.body, otherKey);
        if (!body) outcome.unreadable += 1;
        return body?.changed ? [{ id: row.id, body: body.value }] : [];
      });
      for (const { id, body } of changed) await db.update(webhookDeliveries).set({ requestBodyEncrypted: body }).where(eq(webhookDeliveries.id, id));
      outcome.webhookBodies += changed.length;
    },
  );

  return outcome;
}
