import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, micros, timestamptz } from "./columns";

export const PRODUCT_CATEGORIES = ["topup", "giftcard", "gamekey", "platformtopup", "platformgift", "messenger_premium", "messenger_stars", "manual"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const FULFILMENT_MODES = ["stock", "supplier", "manual"] as const;
export type FulfilmentMode = (typeof FULFILMENT_MODES)[number];

export const MARGIN_KINDS = ["percent", "fixed"] as const;
export type MarginKind = (typeof MARGIN_KINDS)[number];

/** An input an order of the product needs, e.g. the player id of a top-up. */
export interface ProductField {
  name: string;
  label: string;
  required: boolean;
  pattern?: string;
}

/**
 * Category-specific facts: the key platform ("platform-a", "platform-b", "others"), the platform
 * gift's game `appid`, months of premium, stars in a pack, the wallet currency and rate.
 */
export interface ProductMeta {
  platform?: string;
  appid?: number;
  months?: number;
  stars?: number;
  walletCurrency?: string;
  walletAmount?: string;
}

/** Every purchasable thing, identified by its sku. */
export const products = pgTable(
  "products",
  {
    sku: text("sku").primaryKey(),
    category: text("category").$type<ProductCategory>().notNull(),
    name: text("name").notNull(),
    group: text("group_name").notNull(),
    region: text("region").notNull().default("GLOBAL"),
    listPrice: micros("list_price").notNull(),
    fields: jsonb("fields").$type<ProductField[]>().notNull().default([]),
    minQuantity: integer("min_quantity").notNull().default(1),
    maxQuantity: integer("max_quantity").notNull().default(10),
    fulfilment: text("fulfilment").$type<FulfilmentMode>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    meta: jsonb("meta").$type<ProductMeta>().notNull().default({}),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    /** Lets fulfilment buy from an offer that costs more than the reseller paid; off, such an offer is skipped. */
    sellAtLossAllowed: boolean("sell_at_loss_allowed").notNull().default(false),
    /**
     * The margin rule of a product imported from a supplier: our list price is the cost plus a percent
     * (margin_value in basis points, 500 = 5%) or a fixed amount (micro-dollars), rounded up to price_step.
     * Null for a product priced by hand.
     */
    marginKind: text("margin_kind").$type<MarginKind>(),
    marginValue: micros("margin_value"),
    priceStep: micros("price_step"),
    /** When the cost rises above the list price: true reprices by the margin rule, false pauses the product. */
    priceFollowsCost: boolean("price_follows_cost").notNull().default(false),
    /** Set when a sync paused the product because its cost rose above its price; a sync that sees it fall back resumes it. */
    costPausedAt: timestamptz("cost_paused_at"),
    /**
     * Whether the catalog last saw the product in stock. A catalog sync compares it with the stock as it
     * is and moves updated_at where they differ (lib/catalog/catalog-changes.ts): the moment a product
     * sold out or came back is then a change, without a write on every sale.
     */
    inStockSeen: boolean("in_stock_seen"),
    createdAt: createdAt(),
    /** Moves on every edit (price, fields, enabling or disabling), a cost sync, and a seen stock change. */
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.category, t.group),
    check("products_list_price_positive", sql`${t.listPrice} > 0`),
    check("products_quantity_range", sql`${t.minQuantity} >= 1 and ${t.maxQuantity} >= ${t.minQuantity}`),
    check("products_margin_kind_valid", sql`${t.marginKind} is null or ${t.marginKind} in ('percent', 'fixed')`),
  ],
);

export type Product = typeof products.$inferSelect;
