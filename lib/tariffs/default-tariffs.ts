import type { Tier } from "@/lib/db/schema";

/** The tariffs a fresh install starts with; admins change prices and discounts afterwards. */
export const DEFAULT_TARIFFS: { tier: Tier; rank: number; monthlyPrice: bigint; discounts: Record<string, string> }[] = [
  { tier: "Bronze", rank: 1, monthlyPrice: 0n, discounts: {} },
  {
    tier: "Silver",
    rank: 2,
    monthlyPrice: 49_000_000n,
    discounts: {
      topup: "2",
      giftcard: "3.5",
      gamekey: "3",
      platformtopup: "1.5",
      platformgift: "2",
      messenger_premium: "2",
      messenger_stars: "2",
      manual: "0",
    },
  },
  {
    tier: "Gold",
    rank: 3,
    monthlyPrice: 149_000_000n,
    discounts: { topup: "4", giftcard: "6", gamekey: "5", platformtopup: "3", platformgift: "4", messenger_premium: "4", messenger_stars: "4", manual: "1" },
  },
];
