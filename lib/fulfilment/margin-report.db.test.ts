import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { fulfilOrder } from "@/lib/orders/fulfil-order";
import { placeOrder } from "@/lib/orders/place-order";
import { refundOrder } from "@/lib/orders/transitions";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { addOffer, createSupplier } from "./manage-suppliers";
import { marginCsvCells, marginPercent, marginReport } from "./margin-report";
import { startFakeUpstream, type FakeUpstream } from "./suppliers/testing/fake-upstream";

process.env.SUPPLIER_DELAY ??= "0";
const routing = { connector: { allowPrivate: true, timeoutMs: 3_000 } };

/** The margin report over real orders bought from two local upstreams: what resellers paid, what suppliers charged. */
describe(`the margin report (${testDriver()})`, () => {
  let database: Database;
  let first: FakeUpstream;
  let second: FakeUpstream;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    first = await startFakeUpstream();
    second = await startFakeUpstream("rk_live_SecondUpstreamOfTheMarginReport000");
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it("sums completed supplier orders by day, product and supplier; a refunded one brings no revenue but keeps its cost", async () => {
    const a = await createSupplier(database.db, { kind: "reseller-api", name: "Alpha", baseUrl: first.url, credentials: first.apiKey });
    const b = await createSupplier(database.db, { kind: "reseller-api", name: "Beta", baseUrl: second.url, credentials: second.apiKey });
    const card = await testProduct(
      database.db,
      { sku: "margin-card", category: "giftcard", fulfilment: "supplier", listPrice: 10_500_000n },
      { offers: false },
    );
    const key = await testProduct(database.db, { sku: "margin-key", category: "gamekey", fulfilment: "supplier", listPrice: 20_000_000n }, { offers: false });
    await addOffer(database.db, { sku: card.sku, supplierId: a.id, upstreamProductId: "card", cost: 9_700_000n });
    await addOffer(database.db, { sku: key.sku, supplierId: b.id, upstreamProductId: "key", cost: 15_000_000n });
    const buyer = await resellerWithBalance(database.db, 200_000_000n);
    const buy = async (sku: string, quantity = 1) => {
      const { order } = await placeOrder(database.db, { user: buyer, sku, quantity, fields: {}, source: "api" });
      expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("completed");
      return order;
    };
    await buy(card.sku, 2);
    await buy(key.sku);
    const refunded = await buy(card.sku);
    await database.db.transaction((tx) => refundOrder(tx, refunded.id, "Code did not work"));

    const byProduct = await marginReport(database.db, { by: "product" });
    // A Bronze reseller pays list price: 2 x 10.50 against 2 x 9.70, and the refunded card's 9.70 paid
    // upstream with nothing kept; 20.00 against 15.00.
    expect(byProduct.lines).toEqual([
      { key: "margin-card", label: "margin-card", orders: 2, refunded: 1, revenue: 21_000_000n, cost: 29_100_000n, margin: -8_100_000n },
      { key: "margin-key", label: "margin-key", orders: 1, refunded: 0, revenue: 20_000_000n, cost: 15_000_000n, margin: 5_000_000n },
    ]);
    expect(byProduct.total).toEqual({ orders: 3, refunded: 1, revenue: 41_000_000n, cost: 44_100_000n, margin: -3_100_000n });
    expect((await marginReport(database.db, { by: "supplier" })).lines.map(({ label, margin }) => ({ label, margin }))).toEqual([
      { label: "Alpha", margin: -8_100_000n },
      { label: "Beta", margin: 5_000_000n },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await marginReport(database.db, { by: "day" })).lines).toEqual([
      { key: today, label: today, orders: 3, refunded: 1, revenue: 41_000_000n, cost: 44_100_000n, margin: -3_100_000n },
    ]);
    // A range that ends before today holds nothing.
    expect((await marginReport(database.db, { by: "day", to: new Date(Date.now() - 86_400_000) })).lines).toEqual([]);

    expect(marginCsvCells(byProduct.lines[1])).toEqual(["margin-key", "margin-key", "1", "0", "20.00", "15.00", "5.00", "25.0"]);
    expect(marginCsvCells(byProduct.lines[0])).toEqual(["margin-card", "margin-card", "2", "1", "21.00", "29.10", "-8.10", "-38.5"]);
    expect(marginPercent({ revenue: 0n, margin: 0n })).toBe("");
    expect(marginPercent({ revenue: 10_000_000n, margin: -1_000_000n })).toBe("-10.0");
  });
});
