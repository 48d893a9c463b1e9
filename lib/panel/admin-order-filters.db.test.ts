import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import { everyPage } from "@/lib/csv/csv-download";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { listOrdersWithResellers } from "@/lib/orders/list-orders";
import { takeOrder } from "@/lib/orders/take-order";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { adjustBalance } from "@/lib/ledger/adjust-balance";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { adminOrderFilterOf, parseAdminOrderFilterParams } from "./admin-order-filters";

describe(`the admin's orders across resellers (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "svc", category: "manual", fulfilment: "manual", listPrice: 1_000_000n });
  });
  afterAll(async () => {
    await database.close();
  });

  const exported = async (query: string, adminId = "usr_ADMIN") => {
    const filter = adminOrderFilterOf(parseAdminOrderFilterParams(new URLSearchParams(query)), adminId);
    const rows = [];
    for await (const page of everyPage((cursor) => listOrdersWithResellers(database.db, { ...filter, cursor, limit: 2 }))) rows.push(...page);
    return rows.map(({ order, reseller, taker }) => ({
      id: order.id,
      email: reseller.email,
      userId: order.userId,
      resellerId: reseller.id,
      taker: taker?.email ?? null,
    }));
  };

  it("reads every page, each order with its own reseller, and narrows to one reseller by email", async () => {
    const ann = await resellerWithBalance(database.db, 10_000_000n);
    const ben = await resellerWithBalance(database.db, 10_000_000n);
    const placed = [];
    for (const user of [ann, ben, ann, ben, ann])
      placed.push((await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: {}, source: "panel" })).order);

    const all = await exported("");
    expect(all.map((row) => row.id)).toEqual(placed.map((order) => order.id).reverse());
    for (const row of all) expect(row.resellerId).toBe(row.userId);
    expect(new Set(all.map((row) => row.email))).toEqual(new Set([ann.email, ben.email]));

    const anns = await exported(`email=${encodeURIComponent(ann.email.toUpperCase())}`);
    expect(anns.map((row) => row.id)).toEqual([placed[4].id, placed[2].id, placed[0].id]);
    expect(await exported(`status=completed&email=${encodeURIComponent(ann.email)}`)).toEqual([]);

    // Days as the form sends them, whole UTC days at both ends.
    const day = placed[0].createdAt.toISOString().slice(0, 10);
    const next = new Date(placed[0].createdAt.getTime() + 86_400_000).toISOString().slice(0, 10);
    const previous = new Date(placed[0].createdAt.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect((await exported(`from=${day}&to=${day}&email=${encodeURIComponent(ann.email)}`)).map((row) => row.id)).toContain(placed[0].id);
    expect(await exported(`from=${next}&email=${encodeURIComponent(ann.email)}`)).toEqual([]);
    expect(await exported(`to=${previous}&email=${encodeURIComponent(ann.email)}`)).toEqual([]);
  });

  it("matches nothing for an email that is no reseller's, an admin's included", async () => {
    const admin = await createUser(database.db, { email: "books-admin@test.dev", password: "long-enough-password", role: "admin" });
    // An order of the admin's own, so that matching the admin's email would be seen.
    await adjustBalance(database.db, { userId: admin.id, amount: 10_000_000n, note: "test balance" });
    await placeOrder(database.db, { user: admin, sku: "svc", quantity: 1, fields: {}, source: "panel" });
    expect((await exported("")).map((row) => row.email)).toContain(admin.email);
    expect(await exported("email=nobody%40test.dev")).toEqual([]);
    expect(await exported(`email=${encodeURIComponent(admin.email)}`)).toEqual([]);
  });

  it("narrows to the resellers whose email holds the text typed, in any case, as the payments page does", async () => {
    const shop = await createUser(database.db, { email: "north-shop@test.dev", password: "long-enough-password" });
    const other = await createUser(database.db, { email: "south-shop@test.dev", password: "long-enough-password" });
    await adjustBalance(database.db, { userId: shop.id, amount: 10_000_000n, note: "test balance" });
    await adjustBalance(database.db, { userId: other.id, amount: 10_000_000n, note: "test balance" });
    const north = (await placeOrder(database.db, { user: shop, sku: "svc", quantity: 1, fields: {}, source: "panel" })).order;
    const south = (await placeOrder(database.db, { user: other, sku: "svc", quantity: 1, fields: {}, source: "panel" })).order;

    expect((await exported("email=NORTH")).map((row) => row.id)).toEqual([north.id]);
    expect((await exported("email=-shop%40TEST")).map((row) => row.id)).toEqual(expect.arrayContaining([north.id, south.id]));
    expect((await exported("email=-shop%40TEST")).map((row) => row.email)).toEqual(expect.arrayContaining([shop.email, other.email]));
  });

  it("takes a % or _ in the email as that character, not as a wildcard", async () => {
    const underscore = await createUser(database.db, { email: "a_b-wild@test.dev", password: "long-enough-password" });
    const lookalike = await createUser(database.db, { email: "axb-wild@test.dev", password: "long-enough-password" });
    for (const user of [underscore, lookalike]) {
      await adjustBalance(database.db, { userId: user.id, amount: 10_000_000n, note: "test balance" });
      await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: {}, source: "panel" });
    }

    expect((await exported("email=a_b-wild")).map((row) => row.email)).toEqual([underscore.email]);
    // No email can hold a %, so one typed matches nothing, rather than every order.
    expect(await exported("email=%25")).toEqual([]);
    expect(await exported("email=a%25-wild")).toEqual([]);
    expect(await exported("email=%5C")).toEqual([]);
  });

  it("finds an order by its reference in any case, across resellers, or by its id, and keeps the other filters", async () => {
    const ann = await resellerWithBalance(database.db, 10_000_000n);
    const ben = await resellerWithBalance(database.db, 10_000_000n);
    const place = async (user: typeof ann, reference: string) =>
      (await placeOrder(database.db, { user, sku: "svc", quantity: 1, fields: {}, source: "panel", reference })).order;
    const annsOrder = await place(ann, "ABC-123");
    const annsLonger = await place(ann, "ABC-1234");
    const bensOrder = await place(ben, "abc-123");
    // A reseller may use an id of ours as their reference: searching for it finds both.
    const bensCopy = await place(ben, annsLonger.id);

    expect((await exported("reference=abc-123")).map((row) => row.id)).toEqual([bensOrder.id, annsOrder.id]);
    expect((await exported(`reference=ABC-123&email=${encodeURIComponent(ann.email.toUpperCase())}`)).map((row) => row.id)).toEqual([annsOrder.id]);
    expect(await exported("reference=ABC-123&status=failed")).toEqual([]);
    // The whole reference: a part of one finds nothing.
    expect(await exported("reference=ABC-12")).toEqual([]);
    expect(await exported("reference=%25")).toEqual([]);

    expect((await exported(`reference=${annsOrder.id}`)).map((row) => row.id)).toEqual([annsOrder.id]);
    expect((await exported(`reference=${annsLonger.id}`)).map((row) => row.id)).toEqual([bensCopy.id, annsLonger.id]);
  });

  it("narrows the manual queue to the orders nobody has taken, or to the looking admin's own, naming who took each", async () => {
    const amy = await createUser(database.db, { email: "queue-amy@test.dev", password: "long-enough-password", role: "admin" });
    const bo = await createUser(database.db, { email: "queue-bo@test.dev", password: "long-enough-password", role: "admin" });
    const buyer = await resellerWithBalance(database.db, 10_000_000n);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await placeOrder(database.db, { user: buyer, sku: "svc", quantity: 1, fields: {}, source: "panel" })).order);
    await takeOrder(database.db, placed[1].id, amy.id);
    await takeOrder(database.db, placed[2].id, bo.id);

    const queue = (await exported("tab=manual", amy.id)).filter((row) => row.userId === buyer.id);
    expect(queue.map((row) => [row.id, row.taker])).toEqual([
      [placed[2].id, bo.email],
      [placed[1].id, amy.email],
      [placed[0].id, null],
    ]);
    expect((await exported("tab=manual&taken=none", amy.id)).map((row) => row.id)).toContain(placed[0].id);
    expect((await exported("tab=manual&taken=none", amy.id)).map((row) => row.id)).not.toContain(placed[1].id);
    expect((await exported("tab=manual&taken=mine", amy.id)).map((row) => row.id)).toEqual([placed[1].id]);
    expect((await exported("tab=manual&taken=mine", bo.id)).map((row) => row.id)).toEqual([placed[2].id]);
  });
});
