import type { ProductCategory } from "@/lib/db/schema";

/** The catalog's tabs, in the order resellers see them; `undefined` is "All". */
export const CATEGORY_TABS: { value: ProductCategory | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  { value: "topup", label: "Top-ups" },
  { value: "giftcard", label: "Gift cards" },
  { value: "gamekey", label: "Game keys" },
  { value: "platformtopup", label: "Wallet top-ups" },
  { value: "platformgift", label: "Platform gifts" },
  { value: "messenger_premium", label: "Premium" },
  { value: "messenger_stars", label: "Stars" },
  { value: "manual", label: "Services" },
];

const SINGULAR: Record<ProductCategory, string> = {
  topup: "Top-up",
  giftcard: "Gift card",
  gamekey: "Game key",
  platformtopup: "Wallet top-up",
  platformgift: "Platform gift",
  messenger_premium: "Premium",
  messenger_stars: "Stars",
  manual: "Service",
};

/** "Gift card" for giftcard: one product's (or one order's) kind. */
export function categoryLabel(category: string): string {
  return SINGULAR[category as ProductCategory] ?? category;
}
