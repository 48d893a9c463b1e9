import { eq, isNotNull } from "drizzle-orm";
import { underOwnKey } from "@/lib/crypto/reencrypt";
import type { Db } from "@/lib/db/client";
import { suppliers } from "@/lib/db/schema";

export interface ReencryptedSupplierSecrets {
  /** Suppliers' API keys and the secrets they sign their webhooks with, so that orders can be bought upstream again. */
  supplierCredentials: number;
  /** Credentials and secrets that neither key opens, left as they are. */
  unreadable: number;
}

/** Re-encrypts under ENCRYPTION_KEY the suppliers' credentials and webhook secrets another key wrote. */
export async function reencryptSupplierSecrets(db: Db, otherKey: string): Promise<ReencryptedSupplierSecrets> {
  const outcome: ReencryptedSupplierSecrets = { supplierCredentials: 0, unreadable: 0 };

  const upstreams = await db
    .select({ id: suppliers.id, credentials: suppliers.credentialsEncrypted })
    .from(suppliers)
    .where(isNotNull(suppliers.credentialsEncrypted));
  for (const upstream of upstreams) {
    const credentials = underOwnKey(upstream.credentials!, otherKey);
    if (!credentials) outcome.unreadable += 1;
    else if (credentials.changed) {
      await db.update(suppliers).set({ credentialsEncrypted: credentials.value }).where(eq(suppliers.id, upstream.id));
      outcome.supplierCredentials += 1;
    }
  }

  const hooks = await db
    .select({ id: suppliers.id, secret: suppliers.webhookSecretEncrypted })
    .from(suppliers)
    .where(isNotNull(suppliers.webhookSecretEncrypted));
  for (const hook of hooks) {
    const secret = underOwnKey(hook.secret!, otherKey);
    if (!secret) outcome.unreadable += 1;
    else if (secret.changed) {
      await db.update(suppliers).set({ webhookSecretEncrypted: secret.value }).where(eq(suppliers.id, hook.id));
      outcome.supplierCredentials += 1;
    }
  }

  return outcome;
}
