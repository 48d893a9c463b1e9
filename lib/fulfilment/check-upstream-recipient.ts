import type { DbOrTx } from "@/lib/db/client";
import type { Product } from "@/lib/db/schema";
import type { ConnectorOptions, UpstreamRecipientCheck } from "./suppliers/connector";
import { connectorFor, connectorOptions } from "./suppliers/registry";
import { usableOffers } from "./supplier-attempts";
import { rateLimitLeftMs } from "./supplier-lanes";

/**
 * Asks the supplier of the product's first usable offer whether the recipient exists. Null when no
 * offer's supplier can check it (or none answers, or it rate-limited us and is left alone until then):
 * the product's own field rules are all there is.
 */
export async function checkUpstreamRecipient(
  db: DbOrTx,
  product: Product,
  fields: Record<string, string>,
  overrides: Partial<ConnectorOptions> = {},
): Promise<UpstreamRecipientCheck | null> {
  const [routed] = await usableOffers(db, product.sku);
  if (!routed || rateLimitLeftMs(routed.supplier) > 0) return null;
  return connectorFor(routed.supplier, connectorOptions(overrides)).checkRecipient(routed.offer.upstreamProductId, product, fields);
}
