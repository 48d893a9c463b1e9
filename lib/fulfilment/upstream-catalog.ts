import type { ProductCategory, Supplier } from "@/lib/db/schema";
import type { ConnectorOptions, UpstreamProduct } from "./suppliers/connector";
import { connectorFor, connectorOptions } from "./suppliers/registry";

/**
 * How many pages one read of a catalog takes at most: an import or a sync is bounded whatever the
 * upstream answers (a cursor that never ends, a catalog of a hundred thousand keys).
 */
export const MAX_CATALOG_PAGES = 100;

export type CatalogRead = { ok: true; products: UpstreamProduct[]; complete: boolean } | { ok: false; reason: string; retryAfterMs?: number };

/**
 * An upstream's catalog read page after page, up to MAX_CATALOG_PAGES. `complete` is false when the bound
 * cut it short: a product missing from an incomplete read may still be sold there.
 */
export async function readUpstreamCatalog(
  supplier: Supplier,
  filter: { category?: ProductCategory; group?: string } = {},
  overrides: Partial<ConnectorOptions> = {},
  maxPages = MAX_CATALOG_PAGES,
): Promise<CatalogRead> {
  const connector = connectorFor(supplier, connectorOptions(overrides));
  const products: UpstreamProduct[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const answer = await connector.listProducts({ cursor, ...filter });
    if (!answer.ok) return answer;
    products.push(...answer.products);
    // A cursor the upstream has already answered would loop: the read is as complete as it gets.
    if (answer.nextCursor === null || seen.has(answer.nextCursor)) return { ok: true, products, complete: true };
    seen.add(answer.nextCursor);
    cursor = answer.nextCursor;
  }
  return { ok: true, products, complete: false };
}
