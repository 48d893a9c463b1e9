import { z } from "zod";
import { productFieldSchema, productSchema } from "@/lib/catalog/serialize";
import { SKU_PATTERN } from "@/lib/catalog/product-input";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { filterTime, listResponse, paginationQuery } from "../common-schemas";
import { moneyString } from "@/lib/records/fields";
import { defineOperation } from "../operation";

/*
 * The catalog: the /api/v2 reads (catalog, prices, skus) and the reseller API's grouped reads. Every
 * product record is the same `Product`, priced for the caller (its tariff's discount applied).
 */

const TAG = "Catalog";

const text = (max: number) => z.string().trim().min(1).max(max);
const regionQuery = text(16)
  .transform((region) => region.toUpperCase())
  .meta({ description: "Region code, e.g. GLOBAL, US, EU, SEA (case-insensitive).", example: "US" });
const noQuery = z.strictObject({});

export const productList = z.object({ data: z.array(productSchema) });

// ---------------------------------------------------------------------------------------------------
// /api/v2

/** ?updated_since= of the catalog reads an integrator syncs from. */
const updatedSinceQuery = filterTime
  .transform((text) => new Date(text))
  .optional()
  .meta({
    description:
      "Only the products whose price for you, stock availability (in or out of stock), `fields` or sale changed after this ISO 8601 time, those taken off sale included " +
      "(with `on_sale: false`). A change of your tariff or tier counts as a change of every price. Pass the `X-Next-Updated-Since` header of your previous sync.",
    example: "2026-11-28T10:00:00.000Z",
  });

const SYNC_NOTE =
  "Sync cheaply: every answer carries an `ETag`; send it back in `If-None-Match` and an unchanged answer is `304 Not Modified` with no body. " +
  "The ETag changes with anything you read: a price (your tariff's included), stock, fields, a product taken off sale. " +
  "Every answer also carries `X-Next-Updated-Since`, the time to pass as `updated_since` next time (a minute before the read, so nothing committed meanwhile is missed; " +
  "a product may then come twice). `stock` counts change with every sale without counting as a change; only a product selling out or coming back in stock does.";

export const listCatalogOp = defineOperation({
  operationId: "listCatalog",
  summary: "Products, priced for the caller",
  description:
    "Every product on sale, in sku order, with the caller's `price` (after its tariff's discount) and `list_price`. " +
    "`fields` says what an order of the product needs. Filter by `category`, `group` (game, brand or service, exact), `region` and `q` (a substring of the name, group or sku).\n\n" +
    SYNC_NOTE,
  tag: TAG,
  method: "GET",
  path: "/api/v2/catalog",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: paginationQuery(SKU_PATTERN).extend({
    category: z.enum(PRODUCT_CATEGORIES).optional(),
    group: text(100).optional().meta({ description: "The game, brand or service, exactly as in `Product.group`.", example: "Mobile Legends" }),
    region: regionQuery.optional(),
    q: text(100).optional().meta({ description: "Case-insensitive substring of the name, group or sku." }),
    updated_since: updatedSinceQuery,
  }),
  response: listResponse(productSchema),
  etag: true,
});

export const getProductOp = defineOperation({
  operationId: "getProduct",
  summary: "One product by sku, on sale or not",
  description:
    "Any product that was ever in the catalog, priced for the caller: one taken off sale (or removed) reads with `on_sale: false` and `in_stock: false` rather than 404, " +
    "so the product of an old order can always be shown. An sku that never existed answers 404.",
  tag: TAG,
  method: "GET",
  path: "/api/v2/catalog/{sku}",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  params: z.object({ sku: text(100).meta({ description: "The product's sku.", example: "topup-mlbb-86" }) }),
  response: productSchema,
  errors: ["not_found"],
});

export const priceSchema = z
  .object({
    sku: z.string(),
    price: moneyString.meta({ description: "The caller's price after its tariff's discount." }),
    list_price: moneyString,
    currency: z.literal("USD"),
    on_sale: z.boolean().meta({ description: "False for a product taken off sale, which only an `updated_since` read lists." }),
  })
  .meta({ id: "Price" });

export const listPricesOp = defineOperation({
  operationId: "listPrices",
  summary: "The caller's price of every sellable sku",
  description: SYNC_NOTE,
  tag: TAG,
  method: "GET",
  path: "/api/v2/prices",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: z.strictObject({ updated_since: updatedSinceQuery }),
  response: z.object({ data: z.array(priceSchema) }),
  etag: true,
});

export const skuSchema = z
  .object({
    sku: z.string(),
    category: z.enum(PRODUCT_CATEGORIES),
    name: z.string(),
    in_stock: z.boolean(),
    stock: z.number().int().nullable().meta({ description: "Codes available, for products sold from stock; else null." }),
  })
  .meta({ id: "Sku" });

export const listSkusOp = defineOperation({
  operationId: "listSkus",
  summary: "Every sellable sku with its availability",
  tag: TAG,
  method: "GET",
  path: "/api/v2/skus",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: noQuery,
  response: z.object({ data: z.array(skuSchema) }),
});

// ---------------------------------------------------------------------------------------------------
// Reseller API: top-ups and games

export const gameSchema = z
  .object({
    game: z.string().meta({ description: "The game's name; pass it as `?game=` to /api/topup/products.", example: "Mobile Legends" }),
    regions: z.array(z.string()).meta({ description: "The regions the game's packs are sold for." }),
    fields: z.array(productFieldSchema).meta({ description: "What a top-up order of this game needs in `fields` (the union over its packs)." }),
    from_price: moneyString.meta({ description: "The caller's price of the cheapest pack." }),
    currency: z.literal("USD"),
    products: z.array(productSchema).meta({ description: "The game's top-up packs (category `topup`)." }),
  })
  .meta({ id: "Game" });

export const listGamesOp = defineOperation({
  operationId: "listGames",
  summary: "Games with their top-up products",
  description: "The top-up catalog grouped by game, games in name order. Each game names the order `fields` its packs need.",
  tag: TAG,
  method: "GET",
  path: "/api/games",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: z.strictObject({
    region: regionQuery.optional(),
    q: text(100).optional().meta({ description: "Case-insensitive substring of the game, pack name or sku." }),
  }),
  response: z.object({ data: z.array(gameSchema) }),
});

export const listTopupProductsOp = defineOperation({
  operationId: "listTopupProducts",
  summary: "Top-up products",
  tag: TAG,
  method: "GET",
  path: "/api/topup/products",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: z.strictObject({
    game: text(100).optional().meta({ description: "Only this game's packs (the `game` of /api/games).", example: "PUBG Mobile" }),
    region: regionQuery.optional(),
  }),
  response: productList,
});

// ---------------------------------------------------------------------------------------------------
// Reseller API: gift cards and game keys

export const listGiftCardProductsOp = defineOperation({
  operationId: "listGiftCardProducts",
  summary: "Gift cards",
  description: "Gift-card products (sold from stock: `stock` is the count of codes available).",
  tag: TAG,
  method: "GET",
  path: "/api/giftcards/products",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: z.strictObject({
    region: regionQuery.optional(),
    brand: text(100).optional().meta({ description: "Only this brand (`Product.group`).", example: "Steam" }),
  }),
  response: productList,
});

export const listGameKeysOp = defineOperation({
  operationId: "listGameKeys",
  summary: "Game keys on every platform",
  description: "Game-key products; `attributes.platform` is `platform-a`, `platform-b` or `others`.",
  tag: TAG,
  method: "GET",
  path: "/api/gamekeys",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: noQuery,
  response: productList,
});

function gameKeysOn(platform: "platform-a" | "platform-b" | "others", operationId: string) {
  return defineOperation({
    operationId,
    summary: platform === "others" ? "Game keys for other platforms and software" : `Game keys for ${platform}`,
    tag: TAG,
    method: "GET",
    path: `/api/gamekeys/${platform}`,
    category: "catalog_read",
    auth: "reseller",
    scope: "catalog:read",
    query: noQuery,
    response: productList,
  });
}

export const listGameKeysPlatformA = gameKeysOn("platform-a", "listGameKeysPlatformA");
export const listGameKeysPlatformB = gameKeysOn("platform-b", "listGameKeysPlatformB");
export const listGameKeysOthers = gameKeysOn("others", "listGameKeysOthers");

export const getGameKeyProductsOp = defineOperation({
  operationId: "getGameKeyProducts",
  summary: "Game keys by sku",
  description:
    "The named game-key products; one taken off sale comes with `on_sale: false` (an old order's sku stays readable). Skus that are no game key come back in `unknown_skus`.",
  tag: TAG,
  method: "POST",
  path: "/api/gamekeys/products",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  body: z.strictObject({
    skus: z
      .array(text(100))
      .min(1)
      .max(100)
      .meta({ example: ["gamekey-elden-ring"] }),
  }),
  response: z.object({ data: z.array(productSchema), unknown_skus: z.array(z.string()) }),
});

// ---------------------------------------------------------------------------------------------------
// Reseller API: platform wallet top-ups and gifts

export const platformTopupRateSchema = z
  .object({
    ...productSchema.shape,
    wallet_currency: z.string().nullable().meta({ description: "The currency credited to the platform wallet.", example: "USD" }),
    wallet_amount: z.string().nullable().meta({ description: "The amount credited to the wallet, in `wallet_currency`.", example: "10.00" }),
  })
  .meta({ id: "PlatformTopupRate" });

export const listPlatformTopupRatesOp = defineOperation({
  operationId: "listPlatformTopupRates",
  summary: "Platform wallet top-up rates",
  description: "Each wallet top-up product with what it credits (`wallet_amount` in `wallet_currency`) for its `price`.",
  tag: TAG,
  method: "GET",
  path: "/api/platformtopup/rates",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: noQuery,
  response: z.object({ data: z.array(platformTopupRateSchema) }),
});

export const recipientCheckSchema = z
  .union([z.object({ valid: z.literal(true), nickname: z.string() }), z.object({ valid: z.literal(false), reason: z.string() })])
  .meta({ id: "RecipientCheck", description: "Whether an order could be delivered to this recipient." });

export const checkPlatformLoginOp = defineOperation({
  operationId: "checkPlatformLogin",
  summary: "Check a platform account login before a wallet top-up",
  description: "Without `sku`, the login is checked against the first wallet top-up product. A login of the wrong format answers `valid: false`.",
  tag: TAG,
  method: "POST",
  path: "/api/platformtopup/check-login",
  category: "default",
  auth: "reseller",
  scope: "catalog:read",
  body: z.strictObject({
    login: text(256).meta({ example: "steamuser_42" }),
    sku: text(100).optional().meta({ description: "A platformtopup sku.", example: "platformtopup-wallet-10" }),
  }),
  response: recipientCheckSchema,
  errors: ["product_unavailable", "wrong_category"],
});

export const giftGameSchema = z
  .object({
    appid: z.number().int().meta({ example: 1245620 }),
    name: z.string(),
    from_price: moneyString,
    currency: z.literal("USD"),
    packages: z.array(productSchema).meta({ description: "The game's gift packages (category `platformgift`)." }),
  })
  .meta({ id: "GiftGame" });

export const listPlatformGiftGamesOp = defineOperation({
  operationId: "listPlatformGiftGames",
  summary: "Games that can be sent as platform gifts",
  description:
    "Platform-gift products grouped by the game's `appid`, each game with its packages' full product records, as /api/platformgifts/games/{appid} answers it.",
  tag: TAG,
  method: "GET",
  path: "/api/platformgifts/games",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: noQuery,
  response: z.object({ data: z.array(giftGameSchema) }),
});

export const getPlatformGiftGameOp = defineOperation({
  operationId: "getPlatformGiftGame",
  summary: "One platform-gift game with its packages",
  tag: TAG,
  method: "GET",
  path: "/api/platformgifts/games/{appid}",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  params: z.object({
    appid: z
      .string()
      .regex(/^[0-9]{1,10}$/, "Must be a numeric appid.")
      .transform(Number)
      .meta({ description: "The game's numeric appid.", example: "1245620" }),
  }),
  response: giftGameSchema,
  errors: ["not_found"],
});

// ---------------------------------------------------------------------------------------------------
// Reseller API: messenger

export const listMessengerPremiumOp = defineOperation({
  operationId: "listMessengerPremium",
  summary: "Messenger Premium subscriptions",
  description: "Premium gift options; `attributes.months` is the length. Order with POST /api/messenger/premium/gift.",
  tag: TAG,
  method: "GET",
  path: "/api/messenger/premium",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: noQuery,
  response: productList,
});

export const listMessengerStarsOp = defineOperation({
  operationId: "listMessengerStars",
  summary: "Messenger Stars packs",
  description: "Star packs; `attributes.stars` is the count. Order with POST /api/messenger/stars/buy.",
  tag: TAG,
  method: "GET",
  path: "/api/messenger/stars",
  category: "catalog_read",
  auth: "reseller",
  scope: "catalog:read",
  query: noQuery,
  response: productList,
});

// ---------------------------------------------------------------------------------------------------
// Reseller API: player check

export const checkPlayerIdOp = defineOperation({
  operationId: "checkPlayerId",
  summary: "Check a player id before a top-up",
  description:
    "Looks the player up for the product's game. Fields the product requires but the query lacks, or of the wrong format, answer `valid: false` with the reason; " +
    "a sku that takes no `player_id` answers `422 wrong_category`.",
  tag: TAG,
  method: "GET",
  path: "/api/checkplayerid",
  category: "default",
  auth: "reseller",
  scope: "catalog:read",
  query: z.strictObject({
    sku: text(100).meta({ example: "topup-mlbb-86" }),
    player_id: text(256).meta({ example: "123456789" }),
    zone_id: text(256).optional().meta({ description: "For games whose products require it.", example: "2001" }),
  }),
  response: recipientCheckSchema,
  errors: ["product_unavailable", "wrong_category"],
});

export const catalogOperations = [
  listCatalogOp,
  getProductOp,
  listPricesOp,
  listSkusOp,
  listGamesOp,
  listTopupProductsOp,
  listGiftCardProductsOp,
  listGameKeysOp,
  listGameKeysPlatformA,
  listGameKeysPlatformB,
  listGameKeysOthers,
  getGameKeyProductsOp,
  listPlatformTopupRatesOp,
  checkPlatformLoginOp,
  listPlatformGiftGamesOp,
  getPlatformGiftGameOp,
  listMessengerPremiumOp,
  listMessengerStarsOp,
  checkPlayerIdOp,
];
