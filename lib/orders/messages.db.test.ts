import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listMessagesRoute } from "@/app/api/v2/orders/[orderId]/messages/route";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { setDatabase, type Database } from "@/lib/db/client";
import { orderMessages, type Order, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { newId } from "@/lib/ids/ids";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { latestOrderMessages, pageOrderMessages } from "./messages";
import { placeOrder } from "./place-order";
import { resellerWithBalance, testProduct } from "./testing/helpers";

interface MessagePage {
  data: { message_id: string; author: string; text: string; created_at: string }[];
  next_cursor: string | null;
}

describe(`the chat of a manual order, a page at a time (${testDriver()})`, () => {
  let database: Database;
  let reseller: User;
  let key: string;
  let order: Order;
  /** The chat's message ids in the order they were written. */
  let written: string[];
  const SAME_MOMENT = new Date("2026-11-21T10:15:30.123Z");

  /** Messages straight into the table, all stamped with one created_at and inserted newest first, so that neither the time nor the insertion order can be what sorts them. */
  async function insertMessages(target: Order, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => newId("msg"));
    await database.db.insert(orderMessages).values(
      ids
        .map((id, i) => ({
          id,
          orderId: target.id,
          author: i % 2 ? ("supplier" as const) : ("reseller" as const),
          authorId: reseller.id,
          text: `message ${i}`,
          createdAt: SAME_MOMENT,
        }))
        .reverse(),
    );
    return ids;
  }

  const get = (orderId: string, query = "", apiKey = key) =>
    listMessagesRoute(new Request(`http://localhost/api/v2/orders/${orderId}/messages${query}`, { headers: { "X-API-Key": apiKey } }), {
      params: Promise.resolve({ orderId }),
    });

  async function getPage(orderId: string, query = ""): Promise<MessagePage> {
    const response = await get(orderId, query);
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    setDatabase(database);
    await testProduct(database.db, { sku: "chat-svc", category: "manual", fulfilment: "manual", listPrice: 1_000_000n });
    reseller = await resellerWithBalance(database.db, 10_000_000n);
    key = (await createApiKey(database.db, { userId: reseller.id, name: "chat" })).key;
    ({ order } = await placeOrder(database.db, { user: reseller, sku: "chat-svc", quantity: 1, fields: {}, source: "api" }));
    written = await insertMessages(order, 55);
    // Another order's messages, written between this chat's, must never show in it.
    const { order: other } = await placeOrder(database.db, { user: reseller, sku: "chat-svc", quantity: 1, fields: {}, source: "api" });
    await insertMessages(other, 3);
    written.push(...(await insertMessages(order, 2)));
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });

  it("walks every message newest first, one page after another, with none repeated or skipped though all share a created_at", async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await pageOrderMessages(database.db, order, { cursor, limit: 4 });
      seen.push(...page.data.map((message) => message.id));
      sizes.push(page.data.length);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...written].reverse());
    expect(sizes).toEqual([...Array(14).fill(4), 1]);
  });

  it("gives the panels the latest messages in reading order, and tells whether earlier ones are left out", async () => {
    const ids = async (size: number) => {
      const { messages, earlier } = await latestOrderMessages(database.db, order, size);
      return { ids: messages.map((message) => message.id), earlier };
    };
    expect(await ids(50)).toEqual({ ids: written.slice(-50), earlier: true });
    expect(await ids(56)).toEqual({ ids: written.slice(-56), earlier: true });
    expect(await ids(57)).toEqual({ ids: written, earlier: false });
    expect(await ids(100)).toEqual({ ids: written, earlier: false });
  });

  it("answers 50 messages by default, newest first, and the next page from next_cursor", async () => {
    const first = await getPage(order.id);
    expect(first.data.map((message) => message.message_id)).toEqual([...written].reverse().slice(0, 50));
    expect(first.data[0]).toEqual({ message_id: written[56], author: "supplier", text: "message 1", created_at: SAME_MOMENT.toISOString() });
    expect(first.next_cursor).toBe(written[7]);
    const rest = await getPage(order.id, `?cursor=${first.next_cursor}`);
    expect(rest.data.map((message) => message.message_id)).toEqual(written.slice(0, 7).reverse());
    expect(rest.next_cursor).toBeNull();
  });

  it("honours limit, and its next_cursor walks the whole chat", async () => {
    const seen: string[] = [];
    let query = "?limit=20";
    for (;;) {
      const page = await getPage(order.id, query);
      expect(page.data.length).toBeLessThanOrEqual(20);
      seen.push(...page.data.map((message) => message.message_id));
      if (!page.next_cursor) break;
      query = `?limit=20&cursor=${encodeURIComponent(page.next_cursor)}`;
    }
    expect(seen).toEqual([...written].reverse());
    expect(await getPage(order.id, "?limit=100")).toEqual({ data: expect.any(Array), next_cursor: null });
  });

  it.each([
    ["?limit=0", "query.limit"],
    ["?limit=101", "query.limit"],
    ["?limit=abc", "query.limit"],
    ["?limit=2.5", "query.limit"],
    ["?cursor=not-a-cursor", "query.cursor"],
    // An order id is a cursor of the order list, not of a chat.
    ["?cursor=ord_01M87M5WSDH1B9XQ7KG92KC87C", "query.cursor"],
    ["?cursor=msg_%00", "query.cursor"],
    ["?before=msg_01M87M5WSDH1B9XQ7KG92KC87C", "query.before"],
  ])("refuses %s with 400 validation_error at %s", async (query, path) => {
    const response = await get(order.id, query);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({
      error: {
        code: "validation_error",
        message: expect.any(String),
        retryable: false,
        request_id: expect.any(String),
        details: { issues: [{ path, message: expect.any(String) }] },
      },
    });
    expect(body.error.request_id).toBe(response.headers.get("X-Request-Id"));
  });

  it("answers another reseller's order as 404 not_found, whatever the page asked for", async () => {
    const stranger = await resellerWithBalance(database.db, 0n);
    const strangerKey = (await createApiKey(database.db, { userId: stranger.id, name: "stranger" })).key;
    for (const query of ["", `?limit=1&cursor=${written[10]}`]) {
      const response = await get(order.id, query, strangerKey);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", message: expect.any(String), retryable: false, request_id: expect.any(String), details: {} },
      });
    }
  });
});
