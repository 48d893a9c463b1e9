import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getOrder } from "@/app/api/v2/order/[orderId]/route";
import { GET as getOrders } from "@/app/api/v2/orders/route";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { addStockCodes } from "@/lib/catalog/stock";
import { encryptSecret } from "@/lib/crypto/encryption";
import { setDatabase, type Database } from "@/lib/db/client";
import { events, orders } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { buildEventBody } from "@/lib/webhooks/envelope";
import { placeOrder } from "./place-order";
import { resellerWithBalance, testProduct } from "./testing/helpers";
import { captureLog } from "@/lib/observability/testing/capture-log";

/** The key an instance with another ENCRYPTION_KEY wrote the delivery under. */
const OTHER_KEY = "cd".repeat(32);

/**
 * An order whose delivered codes another key wrote (the operator changed ENCRYPTION_KEY and has not yet
 * run encryption:recover) still reads: the unreadable item is withheld and flagged, the rest read.
 */
describe(`an order whose delivered code does not decrypt (${testDriver()})`, () => {
  let database: Database;
  let key: string;
  let orderId: string;
  let readableOrderId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    setDatabase(database);
    await testProduct(database.db, { sku: "gc-two-keys", category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
    await addStockCodes(database.db, "gc-two-keys", [
      { code: "READ-1", pin: "1111", serial: null },
      { code: "READ-2", pin: null, serial: "SN-2" },
      { code: "READ-3", pin: null, serial: null },
    ]);
    const reseller = await resellerWithBalance(database.db, 10_000_000n);
    key = (await createApiKey(database.db, { userId: reseller.id, name: "reads" })).key;
    readableOrderId = (await placeOrder(database.db, { user: reseller, sku: "gc-two-keys", quantity: 1, fields: {}, source: "api" })).order.id;
    const order = (await placeOrder(database.db, { user: reseller, sku: "gc-two-keys", quantity: 2, fields: {}, source: "api" })).order;
    orderId = order.id;
    const [first, second] = order.delivery!.items;
    // The first item's PIN and the second item's code are under the other key.
    await database.db
      .update(orders)
      .set({
        delivery: {
          items: [
            { ...first, pinEncrypted: encryptSecret("1111", OTHER_KEY) },
            { ...second, codeEncrypted: encryptSecret("READ-3", OTHER_KEY) },
          ],
          note: null,
        },
      })
      .where(eq(orders.id, orderId));
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });

  const read = (path: string, route: typeof getOrder, params: Record<string, string> = {}) =>
    route(new Request(`http://localhost${path}`, { headers: { "X-API-Key": key } }), { params: Promise.resolve(params) });

  it("answers GET /api/v2/order/{id} with 200, each unreadable value null and its item flagged, and tells the operator", async () => {
    const log = captureLog();
    const response = await read(`/api/v2/order/${orderId}`, getOrder, { orderId }).finally(log.restore);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("completed");
    expect(body.delivery).toEqual({
      items: [
        { code: "READ-2", pin: null, serial: "SN-2", unreadable: true },
        { code: null, pin: null, serial: null, unreadable: true },
      ],
      note: null,
    });
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ level: 50, component: "orders", msg: expect.stringContaining(`a delivered code of ${orderId} does not decrypt`) }),
    );
  });

  it("keeps the order list whole: the other orders read in full and carry no flag", async () => {
    const response = await read("/api/v2/orders", getOrders);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.map((order: { order_id: string }) => order.order_id)).toEqual([orderId, readableOrderId]);
    expect(data[0].delivery.items.map((item: { unreadable?: boolean }) => item.unreadable)).toEqual([true, true]);
    expect(data[1].delivery.items).toEqual([{ code: "READ-1", pin: "1111", serial: null }]);
  });

  it("still builds the body of the order's completed webhook", async () => {
    const [event] = await database.db
      .select()
      .from(events)
      .where(and(eq(events.type, "order.status_changed"), sql`${events.data}->>'order_id' = ${orderId}`));
    const body = JSON.parse(await buildEventBody(database.db, event));
    expect(body.data.status).toBe("completed");
    expect(body.data.delivery.items).toEqual([
      { code: "READ-2", pin: null, serial: "SN-2", unreadable: true },
      { code: null, pin: null, serial: null, unreadable: true },
    ]);
  });
});
