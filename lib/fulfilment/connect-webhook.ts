import { eq, sql } from "drizzle-orm";
import { encryptSecret } from "@/lib/crypto/encryption";
import type { DbOrTx } from "@/lib/db/client";
import { suppliers } from "@/lib/db/schema";
import { AppError, validationError } from "@/lib/errors/app-error";
import { findSupplier } from "./manage-suppliers";
import type { ConnectorOptions } from "./suppliers/connector";
import { connectorFor, connectorOptions } from "./suppliers/registry";

/** Where a supplier's webhooks reach us: our public origin and the supplier's own path. */
export function supplierWebhookUrl(origin: string, supplierId: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw validationError([{ path: "url", message: "Give this installation's public origin, such as https://panel.example." }]);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw validationError([{ path: "url", message: "Use an https:// (or http://) origin." }]);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}/api/suppliers/${supplierId}/webhook`;
}

/**
 * Connects a supplier's webhooks: asks the upstream, through its own API, to send the events of our
 * account there to our endpoint, and keeps the signing secret it answers, encrypted as credentials are.
 * Afterwards a verified order event wakes that order's reconcile at once; polling stays the fallback.
 */
export async function connectSupplierWebhook(
  db: DbOrTx,
  supplierId: string,
  origin: string,
  overrides: Partial<ConnectorOptions> = {},
): Promise<{ id: string; webhook_url: string }> {
  const supplier = await findSupplier(db, supplierId);
  const url = supplierWebhookUrl(origin, supplier.id);
  const connector = connectorFor(supplier, connectorOptions(overrides));
  if (!connector.registerWebhook) throw new AppError("validation_error", `A ${supplier.kind} supplier sends no webhooks; its orders are polled.`);
  const answer = await connector.registerWebhook(url);
  if (!answer.ok) {
    await db
      .update(suppliers)
      .set({ lastError: answer.reason, lastErrorAt: sql`now()` })
      .where(eq(suppliers.id, supplier.id));
    throw new AppError("validation_error", `The supplier did not take the webhook: ${answer.reason}`);
  }
  await db
    .update(suppliers)
    .set({ webhookSecretEncrypted: encryptSecret(answer.secret), updatedAt: sql`now()` })
    .where(eq(suppliers.id, supplier.id));
  return { id: supplier.id, webhook_url: url };
}
