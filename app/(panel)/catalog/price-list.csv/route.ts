import { getSignedIn } from "@/lib/auth/session";
import { listProducts } from "@/lib/catalog/list-products";
import { PRICE_LIST_CSV_COLUMNS, priceListCsvCells } from "@/lib/catalog/price-list-csv";
import { listPricedProducts } from "@/lib/catalog/priced-products";
import { csvDownload, everyPage } from "@/lib/csv/csv-download";
import { db } from "@/lib/db/client";
import { catalogRegions, parseCatalogFilter } from "@/lib/panel/catalog-filters";
import { memberExportRefusal, resellersOnlyExport } from "@/lib/panel/sign-in-to-export";
import { effectiveTier } from "@/lib/subscriptions/rules";

export const dynamic = "force-dynamic";

/**
 * GET /catalog/price-list.csv?q=&category=&region= - the products the catalog page shows for these
 * filters, at the signed-in reseller's prices, as CSV. Named with a dot so that no sku (letters, digits
 * and dashes) can be taken for it, as /catalog/export could.
 */
export async function GET(request: Request): Promise<Response> {
  const signedIn = await getSignedIn();
  const user = signedIn?.account;
  if (!user || user.role !== "reseller") {
    return resellersOnlyExport("prices", Boolean(user), "see every product's list price on Admin > Products (/admin/products)");
  }
  const roleRefusal = memberExportRefusal(signedIn?.memberRole ?? null, "catalog");
  if (roleRefusal) return roleRefusal;
  const tier = effectiveTier(user);
  const all = await listProducts(db(), {});
  const filter = parseCatalogFilter(new URL(request.url).searchParams, catalogRegions(all.data.map((row) => row.product)));
  const pages = everyPage((cursor) => listPricedProducts(db(), tier, { ...filter, cursor, limit: 500 }));
  return csvDownload(`price-list-${tier.toLowerCase()}-${new Date().toISOString().slice(0, 10)}.csv`, PRICE_LIST_CSV_COLUMNS, pages, priceListCsvCells);
}
