import type { APIRequestContext } from "@playwright/test";
import { parseMoney } from "@/lib/money/money";
import { expect, test } from "../support/test";

/*
 * The catalog on both surfaces. Dave is a Gold reseller (a discount on every category), Erin a
 * Bronze one (none), so prices show whose they are. Reads go through Dave's dedicated
 * catalog key and his main key, so the 30-a-minute catalog budget of one key is never exhausted.
 */

const MONEY = /^\d+\.\d{2,6}$/;
const CATEGORIES = ["topup", "giftcard", "gamekey", "platformtopup", "platformgift", "messenger_premium", "messenger_stars", "manual"];
const DEMO_PRODUCTS = 45;

interface Product {
  sku: string;
  category: string;
  name: string;
  group: string;
  region: string;
  price: string;
  list_price: string;
  currency: string;
  on_sale: boolean;
  in_stock: boolean;
  stock: number | null;
  min_quantity: number;
  max_quantity: number;
  fields: { name: string; label: string; required: boolean; pattern: string | null }[];
  attributes: Record<string, unknown>;
}

const micros = (money: string) => parseMoney(money)!;

function expectProduct(product: Product, category?: string) {
  expect(Object.keys(product).sort()).toEqual(
    [
      "attributes",
      "category",
      "currency",
      "fields",
      "group",
      "in_stock",
      "list_price",
      "max_quantity",
      "min_quantity",
      "name",
      "on_sale",
      "price",
      "region",
      "sku",
      "stock",
    ].sort(),
  );
  expect(CATEGORIES).toContain(product.category);
  if (category) expect(product.category, product.sku).toBe(category);
  expect(product.price).toMatch(MONEY);
  expect(product.list_price).toMatch(MONEY);
  expect(micros(product.price)).toBeLessThanOrEqual(micros(product.list_price));
  expect(product.currency).toBe("USD");
  expect(product.on_sale).toBe(true);
  expect(typeof product.in_stock).toBe("boolean");
  expect(product.stock === null || Number.isInteger(product.stock)).toBe(true);
  for (const field of product.fields) expect(Object.keys(field).sort()).toEqual(["label", "name", "pattern", "required"]);
}

async function getJson(request: APIRequestContext, path: string, key: string) {
  const response = await request.get(path, { headers: { "X-API-Key": key } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  expect(response.headers()["x-request-id"]).toBeTruthy();
  return response.json();
}

test.describe("catalog (/api/v2)", () => {
  test("GET /api/v2/catalog lists every product, paginated in sku order", async ({ request, fixtures }) => {
    const first = await request.get("/api/v2/catalog?limit=20", { headers: { "X-API-Key": fixtures.daveCatalogKey } });
    expect(first.status()).toBe(200);
    expect(first.headers()["x-ratelimit-limit"]).toBe("30");
    const page1 = await first.json();
    expect(page1.data).toHaveLength(20);
    expect(page1.next_cursor).toBe(page1.data[19].sku);
    page1.data.forEach((product: Product) => expectProduct(product));

    const all: Product[] = [...page1.data];
    let cursor: string | null = page1.next_cursor;
    while (cursor) {
      const page = await getJson(request, `/api/v2/catalog?limit=20&cursor=${encodeURIComponent(cursor)}`, fixtures.daveCatalogKey);
      all.push(...page.data);
      cursor = page.next_cursor;
    }
    expect(all).toHaveLength(DEMO_PRODUCTS);
    const skus = all.map((product) => product.sku);
    expect(new Set(skus).size).toBe(DEMO_PRODUCTS);
    expect([...skus].sort()).toEqual(skus);
    expect(new Set(all.map((product) => product.category))).toEqual(new Set(CATEGORIES));

    const mlbb = all.find((product) => product.sku === "topup-mlbb-86")!;
    expect(mlbb).toMatchObject({
      category: "topup",
      name: "86 Diamonds",
      group: "Mobile Legends",
      region: "GLOBAL",
      list_price: "1.50",
      price: "1.44",
      stock: null,
      in_stock: true,
      min_quantity: 1,
      max_quantity: 10,
    });
    expect(mlbb.fields.map((field) => field.name)).toEqual(["player_id", "zone_id"]);
    const giftcard = all.find((product) => product.sku === "giftcard-steam-us-20")!;
    expect(giftcard.stock).toBeGreaterThan(0);
    expect(giftcard.fields).toEqual([]);
  });

  test("GET /api/v2/catalog filters by category, group, region and q", async ({ request, fixtures }) => {
    const key = fixtures.daveCatalogKey;
    const giftcards = (await getJson(request, "/api/v2/catalog?category=giftcard", key)).data as Product[];
    expect(giftcards.length).toBe(10);
    giftcards.forEach((product) => expectProduct(product, "giftcard"));

    const mlbb = (await getJson(request, `/api/v2/catalog?group=${encodeURIComponent("Mobile Legends")}`, key)).data as Product[];
    expect(mlbb.map((product) => product.sku).sort()).toEqual(["topup-mlbb-172", "topup-mlbb-257", "topup-mlbb-706", "topup-mlbb-86"]);

    const eu = (await getJson(request, "/api/v2/catalog?region=eu&category=giftcard", key)).data as Product[];
    expect(eu.map((product) => product.sku).sort()).toEqual(["giftcard-steam-eu-20", "giftcard-xbox-eu-15"]);

    const steam = (await getJson(request, "/api/v2/catalog?q=STEAM", key)).data as Product[];
    expect(steam.length).toBe(4);
    for (const product of steam) expect(product.sku).toContain("steam");
  });

  test("prices are the caller's: Gold below list price, Bronze at list price", async ({ request, fixtures }) => {
    const gold = (await getJson(request, "/api/v2/prices", fixtures.daveCatalogKey)).data as {
      sku: string;
      price: string;
      list_price: string;
      currency: string;
    }[];
    const bronze = (await getJson(request, "/api/v2/prices", fixtures.erin.apiKey)).data as typeof gold;
    expect(gold).toHaveLength(DEMO_PRODUCTS);
    expect(bronze).toHaveLength(DEMO_PRODUCTS);
    for (const row of gold) {
      expect(Object.keys(row).sort()).toEqual(["currency", "list_price", "on_sale", "price", "sku"]);
      expect(row.price).toMatch(MONEY);
      expect(row.currency).toBe("USD");
    }
    const goldBySku = new Map(gold.map((row) => [row.sku, row]));
    for (const row of bronze) {
      expect(row.price, row.sku).toBe(row.list_price);
      expect(goldBySku.get(row.sku)!.list_price).toBe(row.list_price);
    }
    // Gold's default tariff: topup 4 %, giftcard 6 %, gamekey 5 %, ... manual 1 %.
    expect(goldBySku.get("topup-mlbb-86")).toEqual({ sku: "topup-mlbb-86", price: "1.44", list_price: "1.50", currency: "USD", on_sale: true });
    expect(goldBySku.get("giftcard-steam-us-20")).toMatchObject({ price: "18.236", list_price: "19.40" });
    expect(goldBySku.get("gamekey-elden-ring")).toMatchObject({ price: "28.025", list_price: "29.50" });
    for (const row of gold) expect(micros(row.price), row.sku).toBeLessThan(micros(row.list_price));

    const erinCatalog = (await getJson(request, "/api/v2/catalog?group=Mobile%20Legends", fixtures.erin.apiKey)).data as Product[];
    for (const product of erinCatalog) expect(product.price).toBe(product.list_price);
  });

  test("GET /api/v2/skus lists every sku with its availability", async ({ request, fixtures }) => {
    const skus = (await getJson(request, "/api/v2/skus", fixtures.daveCatalogKey)).data as {
      sku: string;
      category: string;
      name: string;
      in_stock: boolean;
      stock: number | null;
    }[];
    expect(skus).toHaveLength(DEMO_PRODUCTS);
    for (const row of skus) {
      expect(Object.keys(row).sort()).toEqual(["category", "in_stock", "name", "sku", "stock"]);
      expect(CATEGORIES).toContain(row.category);
      if (row.category === "giftcard" || row.category === "gamekey") {
        expect(Number.isInteger(row.stock), row.sku).toBe(true);
        expect(row.in_stock).toBe(row.stock! > 0);
      } else {
        expect(row.stock, row.sku).toBeNull();
        expect(row.in_stock).toBe(true);
      }
    }
    expect(skus.find((row) => row.sku === "messenger-stars-100")).toEqual({
      sku: "messenger-stars-100",
      category: "messenger_stars",
      name: "100 Stars",
      in_stock: true,
      stock: null,
    });
  });

  test("the catalog and the prices carry an ETag and answer 304 with no body to a matching If-None-Match", async ({ request, fixtures }) => {
    // Dave's second key reads here: his catalog key's 30 a minute go to the tests above.
    const headers = { "X-API-Key": fixtures.daveSecondKey };
    for (const path of ["/api/v2/catalog", "/api/v2/prices", "/api/v2/prices?updated_since=2000-01-01T00:00:00Z"]) {
      const first = await request.get(path, { headers });
      expect(first.status(), path).toBe(200);
      const tag = first.headers()["etag"];
      expect(tag, path).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(Date.parse(first.headers()["x-next-updated-since"])).toBeLessThan(Date.now());
      const again = await request.get(path, { headers: { ...headers, "If-None-Match": tag } });
      expect(again.status(), path).toBe(304);
      expect((await again.body()).byteLength).toBe(0);
      expect(again.headers()["etag"]).toBe(tag);
    }
    // Erin (Bronze) reads other prices than Dave (Gold): another ETag.
    const dave = (await request.get("/api/v2/prices", { headers })).headers()["etag"];
    const erin = await request.get("/api/v2/prices", { headers: { "X-API-Key": fixtures.erin.apiKey, "If-None-Match": dave } });
    expect(erin.status()).toBe(200);
    expect(erin.headers()["etag"]).not.toBe(dave);
  });

  test("one product reads by sku; an sku that never existed is 404", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.daveSecondKey };
    const product = await request.get("/api/v2/catalog/giftcard-steam-us-20", { headers });
    expect(product.status()).toBe(200);
    expectProduct(await product.json(), "giftcard");
    const missing = await request.get("/api/v2/catalog/no-such-product", { headers });
    expect(missing.status()).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
  });

  test("catalog queries are validated and need a key", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.daveCatalogKey };
    for (const [path, issuePath] of [
      ["/api/v2/catalog?category=potions", "query.category"],
      ["/api/v2/catalog?limit=0", "query.limit"],
      ["/api/v2/catalog?colour=blue", "query.colour"],
      ["/api/v2/prices?sku=x", "query.sku"],
      ["/api/v2/catalog?updated_since=yesterday", "query.updated_since"],
    ]) {
      const response = await request.get(path, { headers });
      expect(response.status(), path).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("validation_error");
      expect(error.details.issues.map((issue: { path: string }) => issue.path)).toContain(issuePath);
    }
    const anonymous = await request.get("/api/v2/catalog");
    expect(anonymous.status()).toBe(401);
    expect((await anonymous.json()).error.code).toBe("unauthenticated");
  });
});

test.describe("catalog (reseller API)", () => {
  test("GET /api/games groups the top-ups by game with the fields an order needs", async ({ request, fixtures }) => {
    const games = (await getJson(request, "/api/games", fixtures.dave.apiKey)).data as {
      game: string;
      regions: string[];
      fields: Product["fields"];
      from_price: string;
      currency: string;
      products: Product[];
    }[];
    expect(games.map((game) => game.game)).toEqual(["Free Fire", "Genshin Impact", "Mobile Legends", "PUBG Mobile"]);
    for (const game of games) {
      expect(Object.keys(game).sort()).toEqual(["currency", "fields", "from_price", "game", "products", "regions"]);
      expect(game.products.length).toBeGreaterThan(0);
      for (const product of game.products) {
        expectProduct(product, "topup");
        expect(product.group).toBe(game.game);
        expect(game.regions).toContain(product.region);
      }
      const cheapest = game.products.map((product) => micros(product.price)).reduce((a, b) => (a < b ? a : b));
      expect(micros(game.from_price)).toBe(cheapest);
    }
    const mlbb = games.find((game) => game.game === "Mobile Legends")!;
    expect(mlbb.fields.map((field) => field.name)).toEqual(["player_id", "zone_id"]);
    expect(mlbb.regions).toEqual(["GLOBAL"]);
    expect(mlbb.from_price).toBe("1.44");
    expect(games.find((game) => game.game === "Free Fire")!.regions).toEqual(["SEA"]);
  });

  test("GET /api/topup/products, optionally of one game", async ({ request, fixtures }) => {
    const all = (await getJson(request, "/api/topup/products", fixtures.dave.apiKey)).data as Product[];
    expect(all).toHaveLength(12);
    all.forEach((product) => expectProduct(product, "topup"));
    const pubg = (await getJson(request, "/api/topup/products?game=PUBG%20Mobile", fixtures.dave.apiKey)).data as Product[];
    expect(pubg.map((product) => product.sku).sort()).toEqual(["topup-pubgm-325", "topup-pubgm-60", "topup-pubgm-660"]);
    expect(pubg[0].fields).toEqual([{ name: "player_id", label: "UID", required: true, pattern: "^[0-9]{6,12}$" }]);
  });

  test("GET /api/giftcards/products, optionally of one region or brand", async ({ request, fixtures }) => {
    const all = (await getJson(request, "/api/giftcards/products", fixtures.dave.apiKey)).data as Product[];
    expect(all).toHaveLength(10);
    for (const product of all) {
      expectProduct(product, "giftcard");
      expect(product.stock).toBeGreaterThan(0);
    }
    const eu = (await getJson(request, "/api/giftcards/products?region=EU", fixtures.dave.apiKey)).data as Product[];
    expect(eu.map((product) => product.region)).toEqual(["EU", "EU"]);
    const steam = (await getJson(request, "/api/giftcards/products?brand=Steam&region=us", fixtures.dave.apiKey)).data as Product[];
    expect(steam.map((product) => product.sku).sort()).toEqual(["giftcard-steam-us-10", "giftcard-steam-us-20", "giftcard-steam-us-50"]);
  });

  test("GET /api/gamekeys and its platform lists partition the game keys", async ({ request, fixtures }) => {
    const all = (await getJson(request, "/api/gamekeys", fixtures.dave.apiKey)).data as Product[];
    expect(all).toHaveLength(7);
    all.forEach((product) => expectProduct(product, "gamekey"));
    const seen: string[] = [];
    for (const [platform, count] of [
      ["platform-a", 3],
      ["platform-b", 2],
      ["others", 2],
    ] as const) {
      const list = (await getJson(request, `/api/gamekeys/${platform}`, fixtures.dave.apiKey)).data as Product[];
      expect(list, platform).toHaveLength(count);
      for (const product of list) {
        expectProduct(product, "gamekey");
        expect(product.attributes.platform).toBe(platform);
        seen.push(product.sku);
      }
    }
    expect(seen.sort()).toEqual(all.map((product) => product.sku).sort());
  });

  test("POST /api/gamekeys/products answers the named keys and the unknown skus", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.dave.apiKey };
    const response = await request.post("/api/gamekeys/products", {
      headers,
      data: { skus: ["gamekey-elden-ring", "gamekey-fifa-25", "giftcard-steam-us-20", "gamekey-nope"] },
    });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.data.map((product: Product) => product.sku).sort()).toEqual(["gamekey-elden-ring", "gamekey-fifa-25"]);
    body.data.forEach((product: Product) => expectProduct(product, "gamekey"));
    expect(body.unknown_skus).toEqual(["giftcard-steam-us-20", "gamekey-nope"]);

    for (const [data, path] of [
      [{ skus: [] }, "skus"],
      [{ skus: Array.from({ length: 101 }, (_, i) => `gamekey-${i}`) }, "skus"],
      [{ skus: ["gamekey-elden-ring"], platform: "platform-a" }, "platform"],
      [{}, "skus"],
    ] as const) {
      const refused = await request.post("/api/gamekeys/products", { headers, data });
      expect(refused.status()).toBe(400);
      const { error } = await refused.json();
      expect(error.code).toBe("validation_error");
      expect(error.details.issues[0].path).toBe(path);
    }
  });

  test("GET /api/platformtopup/rates gives each wallet top-up's credit", async ({ request, fixtures }) => {
    const rates = (await getJson(request, "/api/platformtopup/rates", fixtures.dave.apiKey)).data as (Product & {
      wallet_currency: string;
      wallet_amount: string;
    })[];
    expect(rates).toHaveLength(4);
    for (const rate of rates) {
      expect(rate.category).toBe("platformtopup");
      expect(rate.wallet_currency).toBe("USD");
      expect(rate.wallet_amount).toMatch(/^\d+\.\d{2}$/);
      expect(rate.attributes).toMatchObject({ wallet_currency: rate.wallet_currency, wallet_amount: rate.wallet_amount });
      expect(micros(rate.price)).toBeLessThan(micros(rate.list_price));
    }
    expect(rates.find((rate) => rate.sku === "platformtopup-wallet-10")).toMatchObject({ wallet_amount: "10.00", list_price: "10.15", price: "9.8455" });
  });

  test("POST /api/platformtopup/check-login answers valid with a nickname, or the reason", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.dave.apiKey };
    const valid = await request.post("/api/platformtopup/check-login", { headers, data: { login: "steamer_42" } });
    expect(valid.status()).toBe(200);
    expect(await valid.json()).toEqual({ valid: true, nickname: expect.any(String) });
    const withSku = await request.post("/api/platformtopup/check-login", { headers, data: { login: "steamer_42", sku: "platformtopup-wallet-20" } });
    expect((await withSku.json()).valid).toBe(true);

    for (const login of ["failing_user", "user0000"]) {
      const invalid = await request.post("/api/platformtopup/check-login", { headers, data: { login } });
      expect(invalid.status()).toBe(200);
      expect(await invalid.json()).toEqual({ valid: false, reason: expect.any(String) });
    }
    const malformed = await request.post("/api/platformtopup/check-login", { headers, data: { login: "no spaces please" } });
    expect(await malformed.json()).toEqual({ valid: false, reason: "Account login must be 3–64 letters, digits, dots, dashes or _." });

    const wrong = await request.post("/api/platformtopup/check-login", { headers, data: { login: "steamer_42", sku: "topup-mlbb-86" } });
    expect(wrong.status()).toBe(422);
    expect((await wrong.json()).error).toMatchObject({ code: "wrong_category", details: { sku: "topup-mlbb-86", category: "topup" } });
    const missing = await request.post("/api/platformtopup/check-login", { headers, data: { sku: "platformtopup-wallet-20" } });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).error.details.issues).toEqual([{ path: "login", message: expect.any(String) }]);
  });

  test("GET /api/platformgifts/games and /games/{appid}", async ({ request, fixtures }) => {
    const games = (await getJson(request, "/api/platformgifts/games", fixtures.dave.apiKey)).data as {
      appid: number;
      name: string;
      from_price: string;
      currency: string;
      packages: Product[];
    }[];
    expect(games.map((game) => game.appid)).toEqual([413150, 1091500, 1245620]);
    for (const game of games) {
      expect(Object.keys(game).sort()).toEqual(["appid", "currency", "from_price", "name", "packages"]);
      expect(game.packages.length).toBeGreaterThan(0);
      // The same product records as the catalog's, required fields included.
      for (const pack of game.packages) expectProduct(pack, "platformgift");
    }
    expect(games.find((game) => game.appid === 1245620)).toMatchObject({
      name: "Elden Ring",
      from_price: "28.704",
      packages: [{ sku: "platformgift-1245620-standard", price: "28.704", list_price: "29.90", in_stock: true, fields: [{ name: "friend_link" }] }],
    });

    const one = await getJson(request, "/api/platformgifts/games/1245620", fixtures.dave.apiKey);
    expect(one).toMatchObject({ appid: 1245620, name: "Elden Ring", from_price: "28.704", currency: "USD" });
    expect(one.packages).toHaveLength(1);
    expectProduct(one.packages[0], "platformgift");
    expect(one.packages[0]).toMatchObject({ sku: "platformgift-1245620-standard", attributes: { appid: 1245620 }, fields: [{ name: "friend_link" }] });

    for (const appid of ["99", "2147483648", "9999999999"]) {
      const unknown = await request.get(`/api/platformgifts/games/${appid}`, { headers: { "X-API-Key": fixtures.dave.apiKey } });
      expect(unknown.status(), appid).toBe(404);
      expect((await unknown.json()).error).toMatchObject({ code: "not_found", retryable: false });
    }
    const notNumeric = await request.get("/api/platformgifts/games/elden-ring", { headers: { "X-API-Key": fixtures.dave.apiKey } });
    expect(notNumeric.status()).toBe(400);
    expect((await notNumeric.json()).error).toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "path.appid", message: expect.any(String) }] },
    });
  });

  test("GET /api/messenger/premium and /api/messenger/stars", async ({ request, fixtures }) => {
    const premium = (await getJson(request, "/api/messenger/premium", fixtures.dave.apiKey)).data as Product[];
    expect(premium.map((product) => product.attributes.months).sort((a, b) => Number(a) - Number(b))).toEqual([3, 6, 12]);
    for (const product of premium) {
      expectProduct(product, "messenger_premium");
      expect(product.fields.map((field) => field.name)).toEqual(["username"]);
    }
    const stars = (await getJson(request, "/api/messenger/stars", fixtures.erin.apiKey)).data as Product[];
    expect(stars.map((product) => product.attributes.stars).sort((a, b) => Number(a) - Number(b))).toEqual([50, 100, 500, 1000]);
    for (const product of stars) {
      expectProduct(product, "messenger_stars");
      expect(product.price).toBe(product.list_price);
    }
  });

  test("GET /api/checkplayerid answers valid or the reason; an unknown sku is 422", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.dave.apiKey };
    const check = async (query: string) => request.get(`/api/checkplayerid?${query}`, { headers });

    const valid = await check("sku=topup-mlbb-86&player_id=123456789&zone_id=2001");
    expect(valid.status()).toBe(200);
    expect(await valid.json()).toEqual({ valid: true, nickname: expect.any(String) });
    expect((await (await check("sku=topup-pubgm-60&player_id=5123456")).json()).valid).toBe(true);

    const invalid = await check("sku=topup-mlbb-86&player_id=12340000&zone_id=2001");
    expect(invalid.status()).toBe(200);
    expect(await invalid.json()).toEqual({ valid: false, reason: expect.any(String) });
    expect(await (await check("sku=topup-mlbb-86&player_id=123456789")).json()).toEqual({ valid: false, reason: "Zone ID is required." });
    expect(await (await check("sku=topup-pubgm-60&player_id=12ab")).json()).toEqual({ valid: false, reason: "UID must be 6–12 digits." });

    const unknown = await check("sku=topup-nothing&player_id=123456789");
    expect(unknown.status()).toBe(422);
    expect(await unknown.json()).toEqual({
      error: { code: "product_unavailable", message: expect.any(String), retryable: false, request_id: expect.any(String), details: { sku: "topup-nothing" } },
    });
    const giftcard = await check("sku=giftcard-steam-us-20&player_id=123456789");
    expect(giftcard.status()).toBe(422);
    expect((await giftcard.json()).error.code).toBe("wrong_category");

    const missing = await check("sku=topup-mlbb-86");
    expect(missing.status()).toBe(400);
    expect((await missing.json()).error.details.issues).toEqual([{ path: "query.player_id", message: expect.any(String) }]);
  });

  test("the OpenAPI document lists the catalog paths with their rate-limit category", async ({ request }) => {
    const doc = await (await request.get("/api/v2/openapi.json")).json();
    const expected: [string, string, string][] = [
      ["/api/v2/catalog", "get", "catalog_read"],
      ["/api/v2/catalog/{sku}", "get", "catalog_read"],
      ["/api/v2/prices", "get", "catalog_read"],
      ["/api/v2/skus", "get", "catalog_read"],
      ["/api/games", "get", "catalog_read"],
      ["/api/topup/products", "get", "catalog_read"],
      ["/api/giftcards/products", "get", "catalog_read"],
      ["/api/gamekeys", "get", "catalog_read"],
      ["/api/gamekeys/platform-a", "get", "catalog_read"],
      ["/api/gamekeys/platform-b", "get", "catalog_read"],
      ["/api/gamekeys/others", "get", "catalog_read"],
      ["/api/gamekeys/products", "post", "catalog_read"],
      ["/api/platformtopup/rates", "get", "catalog_read"],
      ["/api/platformtopup/check-login", "post", "default"],
      ["/api/platformgifts/games", "get", "catalog_read"],
      ["/api/platformgifts/games/{appid}", "get", "catalog_read"],
      ["/api/messenger/premium", "get", "catalog_read"],
      ["/api/messenger/stars", "get", "catalog_read"],
      ["/api/checkplayerid", "get", "default"],
    ];
    for (const [path, method, category] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation["x-rate-limit-category"], path).toBe(category);
    }
    expect(doc.components.schemas.Product.properties.price.type).toBe("string");
    expect(doc.components.schemas.Game.required).toEqual(expect.arrayContaining(["game", "fields", "products"]));
  });
});
