import type { FulfilmentMode, ProductCategory, ProductField, ProductMeta } from "@/lib/db/schema";

export interface DemoProduct {
  sku: string;
  category: ProductCategory;
  name: string;
  group: string;
  region: string;
  listPrice: bigint;
  fields: ProductField[];
  fulfilment: FulfilmentMode;
  minQuantity?: number;
  maxQuantity?: number;
  meta?: ProductMeta;
}

const usd = (dollars: string) => BigInt(Math.round(Number(dollars) * 100)) * 10_000n;

const playerId: ProductField = { name: "player_id", label: "Player ID", required: true, pattern: "^[0-9]{5,12}$" };
const zoneId: ProductField = { name: "zone_id", label: "Zone ID", required: true, pattern: "^[0-9]{1,6}$" };
const uid: ProductField = { name: "player_id", label: "UID", required: true, pattern: "^[0-9]{6,12}$" };
const login: ProductField = { name: "login", label: "Account login", required: true, pattern: "^[A-Za-z0-9_.-]{3,64}$" };
const friendLink: ProductField = { name: "friend_link", label: "Friend link", required: true, pattern: "^\\S{3,200}$" };
const username: ProductField = { name: "username", label: "Username", required: true, pattern: "^@?[A-Za-z0-9_]{4,32}$" };
const details: ProductField = { name: "details", label: "What you need", required: true };

function topups(game: string, code: string, fields: ProductField[], packs: [string, string][], region = "GLOBAL"): DemoProduct[] {
  return packs.map(([amount, price]) => ({
    sku: `topup-${code}-${amount.split(" ")[0].toLowerCase()}${region === "GLOBAL" ? "" : `-${region.toLowerCase()}`}`,
    category: "topup",
    name: amount,
    group: game,
    region,
    listPrice: usd(price),
    fields,
    fulfilment: "supplier",
  }));
}

function giftcards(brand: string, code: string, region: string, values: number[], markup = 0.97): DemoProduct[] {
  return values.map((value) => ({
    sku: `giftcard-${code}-${region.toLowerCase()}-${value}`,
    category: "giftcard",
    name: `${brand} Gift Card ${value} ${region === "EU" ? "EUR" : "USD"}`,
    group: brand,
    region,
    listPrice: usd((value * markup * (region === "EU" ? 1.08 : 1)).toFixed(2)),
    fields: [],
    fulfilment: "stock",
    maxQuantity: 20,
  }));
}

function gamekey(sku: string, name: string, platform: string, price: string, region = "GLOBAL"): DemoProduct {
  return { sku: `gamekey-${sku}`, category: "gamekey", name, group: name, region, listPrice: usd(price), fields: [], fulfilment: "stock", meta: { platform } };
}

/** The demo seed's catalog: every category, several regions, realistic names and prices. */
export const DEMO_CATALOG: DemoProduct[] = [
  ...topups(
    "Mobile Legends",
    "mlbb",
    [playerId, zoneId],
    [
      ["86 Diamonds", "1.50"],
      ["172 Diamonds", "2.95"],
      ["257 Diamonds", "4.40"],
      ["706 Diamonds", "11.90"],
    ],
  ),
  ...topups(
    "PUBG Mobile",
    "pubgm",
    [uid],
    [
      ["60 UC", "0.99"],
      ["325 UC", "4.90"],
      ["660 UC", "9.80"],
    ],
  ),
  ...topups(
    "Genshin Impact",
    "genshin",
    [uid],
    [
      ["60 Genesis Crystals", "0.99"],
      ["300 Genesis Crystals", "4.95"],
      ["980 Genesis Crystals", "14.90"],
    ],
  ),
  ...topups(
    "Free Fire",
    "freefire",
    [playerId],
    [
      ["100 Diamonds", "0.99"],
      ["520 Diamonds", "4.85"],
    ],
    "SEA",
  ),
  ...giftcards("Steam", "steam", "US", [10, 20, 50]),
  ...giftcards("Steam", "steam", "EU", [20]),
  ...giftcards("Google Play", "googleplay", "US", [10, 25]),
  ...giftcards("App Store & iTunes", "apple", "US", [10, 50]),
  ...giftcards("PlayStation Store", "psn", "US", [25]),
  ...giftcards("Xbox", "xbox", "EU", [15]),
  gamekey("cyberpunk-2077", "Cyberpunk 2077", "platform-a", "17.90"),
  gamekey("elden-ring", "Elden Ring", "platform-a", "29.50"),
  gamekey("baldurs-gate-3", "Baldur's Gate 3", "platform-a", "39.90", "EU"),
  gamekey("fifa-25", "EA Sports FC 25", "platform-b", "34.00"),
  gamekey("the-witcher-3", "The Witcher 3: Wild Hunt", "platform-b", "6.90"),
  gamekey("minecraft-java", "Minecraft Java & Bedrock", "others", "19.90"),
  gamekey("windows-11-pro", "Windows 11 Pro", "others", "12.50"),
  ...[
    ["5", "5.10"],
    ["10", "10.15"],
    ["20", "20.25"],
    ["50", "50.60"],
  ].map(([amount, price]): DemoProduct => ({
    sku: `platformtopup-wallet-${amount}`,
    category: "platformtopup",
    name: `Wallet top-up ${amount} USD`,
    group: "Game platform wallet",
    region: "GLOBAL",
    listPrice: usd(price),
    fields: [login],
    fulfilment: "supplier",
    meta: { walletCurrency: "USD", walletAmount: `${amount}.00` },
  })),
  ...[
    [1245620, "Elden Ring", "29.90"],
    [1091500, "Cyberpunk 2077", "24.90"],
    [413150, "Stardew Valley", "7.49"],
  ].map(([appid, name, price]): DemoProduct => ({
    sku: `platformgift-${appid}-standard`,
    category: "platformgift",
    name: `${name} (Standard Edition)`,
    group: String(name),
    region: "GLOBAL",
    listPrice: usd(String(price)),
    fields: [friendLink],
    fulfilment: "supplier",
    maxQuantity: 1,
    meta: { appid: Number(appid) },
  })),
  ...[
    [3, "11.99"],
    [6, "15.99"],
    [12, "28.99"],
  ].map(([months, price]): DemoProduct => ({
    sku: `messenger-premium-${months}m`,
    category: "messenger_premium",
    name: `Messenger Premium, ${months} months`,
    group: "Messenger Premium",
    region: "GLOBAL",
    listPrice: usd(String(price)),
    fields: [username],
    fulfilment: "supplier",
    maxQuantity: 1,
    meta: { months: Number(months) },
  })),
  ...[
    [50, "0.95"],
    [100, "1.85"],
    [500, "8.90"],
    [1000, "17.50"],
  ].map(([stars, price]): DemoProduct => ({
    sku: `messenger-stars-${stars}`,
    category: "messenger_stars",
    name: `${stars} Stars`,
    group: "Messenger Stars",
    region: "GLOBAL",
    listPrice: usd(String(price)),
    fields: [username],
    fulfilment: "supplier",
    meta: { stars: Number(stars) },
  })),
  {
    sku: "manual-account-recovery",
    category: "manual",
    name: "Game account recovery assistance",
    group: "Services",
    region: "GLOBAL",
    listPrice: usd("15.00"),
    fields: [details],
    fulfilment: "manual",
    maxQuantity: 1,
  },
  {
    sku: "manual-custom-topup",
    category: "manual",
    name: "Top-up for an unlisted game",
    group: "Services",
    region: "GLOBAL",
    listPrice: usd("5.00"),
    fields: [details],
    fulfilment: "manual",
    maxQuantity: 1,
  },
];
