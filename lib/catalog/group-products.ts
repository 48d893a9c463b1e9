import { formatMoney, parseMoney } from "@/lib/money/money";
import type { ProductRecord } from "./serialize";

const cheapest = (records: ProductRecord[]): string =>
  formatMoney(records.reduce((min, r) => (parseMoney(r.price)! < min ? parseMoney(r.price)! : min), parseMoney(records[0].price)!));

export interface GameGroup {
  game: string;
  regions: string[];
  fields: ProductRecord["fields"];
  from_price: string;
  currency: "USD";
  products: ProductRecord[];
}

/** Top-up products grouped by game (the product group), games by name; fields are the union of the packs' fields. */
export function groupByGame(records: ProductRecord[]): GameGroup[] {
  const games = new Map<string, ProductRecord[]>();
  for (const record of records) games.set(record.group, [...(games.get(record.group) ?? []), record]);
  return [...games.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([game, products]) => {
      const fields = new Map<string, ProductRecord["fields"][number]>();
      for (const product of products) for (const field of product.fields) if (!fields.has(field.name)) fields.set(field.name, field);
      return {
        game,
        regions: [...new Set(products.map((p) => p.region))].sort(),
        fields: [...fields.values()],
        from_price: cheapest(products),
        currency: "USD" as const,
        products,
      };
    });
}

export interface GiftGame {
  appid: number;
  name: string;
  from_price: string;
  currency: "USD";
  packages: ProductRecord[];
}

/** Platform-gift products grouped by the game's appid; the game's name is the product group. */
export function groupByAppid(records: ProductRecord[]): GiftGame[] {
  const games = new Map<number, ProductRecord[]>();
  for (const record of records) {
    const appid = record.attributes.appid;
    if (appid === undefined) continue;
    games.set(appid, [...(games.get(appid) ?? []), record]);
  }
  return [...games.entries()]
    .sort(([a], [b]) => a - b)
    .map(([appid, packages]) => ({ appid, name: packages[0].group, from_price: cheapest(packages), currency: "USD" as const, packages }));
}
