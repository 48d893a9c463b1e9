import { PRODUCT_CATEGORIES, type ProductCategory } from "@/lib/db/schema";
import { firstCharacters } from "@/lib/text/characters";
import { searchParamOf, type SearchParams } from "./search-param";

/** The catalog's filters as its search form and tabs send them, validated; anything odd is dropped. */
export interface CatalogFilter {
  q?: string;
  category?: ProductCategory;
  region?: string;
}

/** A region the catalog has none of is dropped, as the page's select cannot show it: the filter then matches what the page shows. */
export function parseCatalogFilter(params: SearchParams, regions: readonly string[]): CatalogFilter {
  const q = firstCharacters(searchParamOf(params, "q") ?? "", 100) || undefined;
  const category = PRODUCT_CATEGORIES.find((c) => c === searchParamOf(params, "category"));
  const regionParam = searchParamOf(params, "region")?.toUpperCase();
  return { q, category, region: regions.find((r) => r === regionParam) };
}

/** The regions the catalog has, sorted, for its select. */
export function catalogRegions(products: readonly { region: string }[]): string[] {
  return [...new Set(products.map((product) => product.region))].sort();
}
