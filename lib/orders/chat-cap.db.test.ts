import { setTimeout as delay } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postMessageRoute } from "@/app/api/v2/orders/[orderId]/messages/route";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { setDatabase, type Database } from "@/lib/db/client";
import { orderMessages, orders, type Order, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { MAX_MESSAGES_PER_ORDER, postOrderMessage } from "./messages";
import { placeOrder } from "./place-order";
import { fillChat, resellerWithBalance, testProduct } from "./testing/helpers";

describe(`a manual order's chat holds at most ${MAX_MESSAGES_PER_ORDER} messages (${testDriver()})`, () => {
  let database: Database;
  let reseller: User;

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "capped-svc", category: "manual", fulfilment: "manual", listPrice: 1_000_000n });
    reseller = await resellerWithBalance(database.db, 10_000_000n);
    setDatabase(database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });

  async function manualOrder(): Promise<Order> {
    return (await placeOrder(database.db, { user: reseller, sku: "capped-svc", quantity: 1, fields: {}, source: "api" })).order;
  }

  const messagesIn = async (order: Order) =>
    (await database.db.select({ id: orderMessages.id }).from(orderMessages).where(eq(orderMessages.orderId, order.id))).length;

  it("takes the last message that fits, then refuses either side's with chat_full naming the order and the limit", async () => {
    const order = await manualOrder();
    await fillChat(database.db, order, MAX_MESSAGES_PER_ORDER - 1);
    await postOrderMessage(database.db, { order, author: "reseller", authorId: reseller.id, text: "The last one that fits" });
    for (const author of ["reseller", "supplier"] as const) {
      await expect(postOrderMessage(database.db, { order, author, authorId: reseller.id, text: "One too many" })).rejects.toMatchObject({
        code: "chat_full",
        status: 409,
        retryable: false,
        message: `This order's chat is full: it holds at most ${MAX_MESSAGES_PER_ORDER} messages.`,
        details: { order_id: order.id, limit: MAX_MESSAGES_PER_ORDER },
      });
    }
    expect(await messagesIn(order)).toBe(MAX_MESSAGES_PER_ORDER);
    // Another order's chat is its own.
    const other = await manualOrder();
    await postOrderMessage(database.db, { order: other, author: "reseller", authorId: reseller.id, text: "A new chat" });
  });

  it("answers a post to a full chat through the API with 409 chat_full", async () => {
    const order = await manualOrder();
    await fillChat(database.db, order, MAX_MESSAGES_PER_ORDER);
    const { key } = await createApiKey(database.db, { userId: reseller.id, name: "chat" });
    const response = await postMessageRoute(
      new Request(`http://localhost/api/v2/orders/${order.id}/messages`, {
        method: "POST",
        headers: { "X-API-Key": key, "Content-Type": "application/json" },
        body: JSON.stringify({ text: "Hello?" }),
      }),
      { params: Promise.resolve({ orderId: order.id }) },
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: "chat_full",
        message: `This order's chat is full: it holds at most ${MAX_MESSAGES_PER_ORDER} messages.`,
        retryable: false,
        request_id: response.headers.get("X-Request-Id"),
        details: { order_id: order.id, limit: MAX_MESSAGES_PER_ORDER },
      },
    });
  });

  it("lets one of several posts racing for the last place in", async () => {
    // The order's row is held while the posts arrive, so that they all wait on it and go on together
    // when it is let go: the moment where two that counted the same 499 would both write. Each round
    // is a new chat; a few rounds, as which posts overlap is up to the database. (On PGlite, one
    // connection, the transactions run one after another anyway.)
    for (let round = 0; round < 5; round++) {
      const order = await manualOrder();
      await fillChat(database.db, order, MAX_MESSAGES_PER_ORDER - 1);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = database.db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("no key update");
        await released;
      });
      // Settled from the start: a post refused while the holder is still being awaited is then not an unhandled rejection.
      const settled = Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => postOrderMessage(database.db, { order, author: "reseller", authorId: reseller.id, text: `Racing ${i}` })),
      );
      await delay(100);
      release();
      await holder;
      const outcomes = await settled;
      expect(
        outcomes.filter((outcome) => outcome.status === "fulfilled"),
        `round ${round}`,
      ).toHaveLength(1);
      for (const outcome of outcomes.filter((outcome) => outcome.status === "rejected")) expect(outcome.reason).toMatchObject({ code: "chat_full" });
      expect(await messagesIn(order)).toBe(MAX_MESSAGES_PER_ORDER);
    }
  });
});
