import { setTimeout as delay } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as resellerTopupOrder } from "@/app/api/topup/order/route";
import { POST as v2GiftCardOrder } from "@/app/api/v2/gift-cards/route";
import { POST as v2Order } from "@/app/api/v2/order/route";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { addStockCodes } from "@/lib/catalog/stock";
import { findProduct } from "@/lib/catalog/get-product";
import { setDatabase, type Database } from "@/lib/db/client";
import { orders, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { resellerWithBalance, testProduct } from "./testing/helpers";

vi.mock("@/lib/catalog/get-product", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/catalog/get-product")>();
  return { ...actual, findProduct: vi.fn(actual.findProduct) };
});

type Route = typeof v2Order;
interface Sent {
  route: Route;
  path: string;
  body: Record<string, unknown>;
}
interface Expected {
  status: number;
  code?: string;
}

/**
 * Two orders under one Idempotency-Key whose handling overlaps, the second arriving while the first is
 * still in flight, must each answer what they would have answered sent one after the other, with one
 * order and one charge at most.
 */
describe(`one Idempotency-Key on two overlapping order requests (${testDriver()})`, () => {
  let database: Database;
  const GIFT_CARD = { sku: "race-gc-10", quantity: 1, fields: {} };
  const TOP_UP = { sku: "race-tu-10", quantity: 1, fields: {} };
  const rounds = 3;

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    setDatabase(database);
    await testProduct(database.db, { sku: GIFT_CARD.sku, category: "giftcard", fulfilment: "stock", listPrice: 10_000_000n });
    await testProduct(database.db, { sku: TOP_UP.sku, category: "topup", fulfilment: "supplier", listPrice: 10_000_000n });
    await addStockCodes(
      database.db,
      GIFT_CARD.sku,
      Array.from({ length: 8 * rounds }, (_, i) => ({ code: `RACE-GC-${i}`, pin: null, serial: null })),
    );
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });

  /**
   * Sends `first` and holds it at its product lookup, so that `second` arrives while the first is in
   * flight; the second runs as far as it can before the first is let go.
   */
  async function overlapping(first: () => Promise<Response>, second: () => Promise<Response>): Promise<[Response, Response]> {
    const lookUp = vi.mocked(findProduct).getMockImplementation()!;
    let reach = () => {};
    let release = () => {};
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(findProduct).mockImplementationOnce(async (db, sku) => {
      reach();
      await released;
      return lookUp(db, sku);
    });
    const firstAnswer = first();
    await reached;
    const secondAnswer = second();
    // Long enough for the second to answer on its own if nothing makes it wait for the first.
    await Promise.race([secondAnswer, delay(100)]);
    release();
    return Promise.all([firstAnswer, secondAnswer]);
  }

  async function round(balance: bigint, first: Sent, second: Sent) {
    const reseller = await resellerWithBalance(database.db, balance);
    const { key } = await createApiKey(database.db, { userId: reseller.id, name: "race" });
    const idempotencyKey = `race-${reseller.id}`;
    const send =
      ({ route, path, body }: Sent) =>
      () =>
        route(
          new Request(`http://localhost${path}`, {
            method: "POST",
            headers: { "X-API-Key": key, "Idempotency-Key": idempotencyKey, "Content-Type": "application/json" },
            body: JSON.stringify(body),
          }),
          { params: Promise.resolve({}) },
        );
    const answers = await overlapping(send(first), send(second));
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    const [account] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, reseller.id));
    const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, reseller.id));
    return {
      answers: answers.map((answer, i) => ({ status: answer.status, code: bodies[i].error?.code })),
      bodies,
      replayed: answers.map((answer) => answer.headers.get("Idempotent-Replayed")),
      balance: account.balance,
      orders: placed.map((order) => order.id),
    };
  }

  const v2 = (body: Record<string, unknown>): Sent => ({ route: v2Order, path: "/api/v2/order", body });
  const topup = (body: Record<string, unknown>): Sent => ({ route: resellerTopupOrder, path: "/api/topup/order", body });
  const giftCards = (body: Record<string, unknown>): Sent => ({ route: v2GiftCardOrder, path: "/api/v2/gift-cards", body });
  const created: Expected = { status: 201 };
  const conflict: Expected = { status: 409, code: "idempotency_conflict" };

  it.each([
    ["POST /api/v2/order, then the reseller API's top-up path", v2(GIFT_CARD), topup(GIFT_CARD), [created, conflict]],
    ["the reseller API's top-up path, then POST /api/v2/order", topup(GIFT_CARD), v2(GIFT_CARD), [{ status: 422, code: "wrong_category" }, created]],
  ])("a gift card sent to two endpoints, %s, answers as one after the other would", async (_name, first, second, expected) => {
    for (let i = 0; i < rounds; i++) {
      const outcome = await round(20_000_000n, first, second);
      expect(outcome.answers).toEqual(expected);
      expect(outcome.orders).toHaveLength(1);
      expect(outcome.balance).toBe(10_000_000n);
    }
  });

  // The second body costs what the first leaves, or is of a category the endpoint does not sell.
  it.each([
    ["twice the quantity", giftCards(GIFT_CARD), giftCards({ ...GIFT_CARD, quantity: 2 }), [created, conflict]],
    ["another category's sku", giftCards(GIFT_CARD), giftCards(TOP_UP), [created, conflict]],
    ["another category's sku first", giftCards(TOP_UP), giftCards(GIFT_CARD), [{ status: 422, code: "wrong_category" }, created]],
  ])("one endpoint, two bodies (%s): answers as one after the other would", async (_name, first, second, expected) => {
    for (let i = 0; i < rounds; i++) {
      const outcome = await round(20_000_000n, first, second);
      expect(outcome.answers).toEqual(expected);
      expect(outcome.orders).toHaveLength(1);
      expect(outcome.balance).toBe(10_000_000n);
    }
  });

  it("one endpoint, one body, a balance for one order: the second answers the replay of the first, charged once", async () => {
    for (let i = 0; i < rounds; i++) {
      const outcome = await round(10_000_000n, giftCards(GIFT_CARD), giftCards(GIFT_CARD));
      expect(outcome.answers.map((answer) => answer.status)).toEqual([201, 200]);
      expect(outcome.replayed).toEqual([null, "true"]);
      expect(outcome.bodies[1]).toEqual(outcome.bodies[0]);
      expect(outcome.orders).toEqual([outcome.bodies[0].order_id]);
      expect(outcome.balance).toBe(0n);
    }
  });
});
