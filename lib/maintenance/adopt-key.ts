import { reencryptTwoFactorSecrets, type ReencryptedTwoFactor } from "@/lib/auth/reencrypt-two-factor";
import { reencryptStockCodes, type ReencryptedStockCodes } from "@/lib/catalog/reencrypt-stock-codes";
import type { Db } from "@/lib/db/client";
import { reencryptSupplierSecrets, type ReencryptedSupplierSecrets } from "@/lib/fulfilment/reencrypt-supplier-secrets";
import { reencryptDeliveries, type ReencryptedDeliveries } from "@/lib/orders/reencrypt-deliveries";
import { reencryptWebhookSecrets, type ReencryptedWebhookSecrets } from "@/lib/webhooks/reencrypt-webhook-secrets";

/** What a run found of values written under the other key, by where they are kept; `unreadable` sums every kind's. */
export type AdoptOutcome = ReencryptedStockCodes & ReencryptedDeliveries & ReencryptedWebhookSecrets & ReencryptedTwoFactor & ReencryptedSupplierSecrets;

/**
 * Re-encrypts under ENCRYPTION_KEY what another key wrote into this database (an instance started with
 * the wrong key, or the key the data was stored with before a change), given that other key: stock
 * codes, the codes orders set aside, delivered codes, webhook secrets, stored webhook bodies,
 * two-factor secrets and suppliers' credentials. Each value is opened with ENCRYPTION_KEY first, so
 * values already under it are left alone and a second run changes nothing. Each row is its own
 * update: a run that stops midway loses nothing, and the next run goes on.
 */
export async function adoptKey(db: Db, otherKey: string): Promise<AdoptOutcome> {
  const stock = await reencryptStockCodes(db, otherKey);
  const deliveries = await reencryptDeliveries(db, otherKey);
  const webhooks = await reencryptWebhookSecrets(db, otherKey);
  const twoFactor = await reencryptTwoFactorSecrets(db, otherKey);
  const suppliers = await reencryptSupplierSecrets(db, otherKey);
  return {
    ...stock,
    ...deliveries,
    ...webhooks,
    ...twoFactor,
    ...suppliers,
    unreadable: stock.unreadable + deliveries.unreadable + webhooks.unreadable + twoFactor.unreadable + suppliers.unreadable,
  };
}
