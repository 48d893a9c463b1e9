import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config/env";
import type { Database } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { eq, sql } from "drizzle-orm";
import { fulfilDelayMs } from "./fulfil-delay";
import { addOffer, createSupplier } from "./manage-suppliers";

/** The sandbox's stand-in time applies to what the sandbox sells; an order of a real upstream's is sent at once. */
describe(`when a supplier order's fulfilment starts (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it("waits SUPPLIER_DELAY for the sandbox, nothing for a real upstream", async () => {
    const cfg = { ...config(), SUPPLIER_DELAY: 3_000 };
    const sandboxed = await testProduct(database.db, { sku: "delay-sandbox", category: "giftcard", fulfilment: "supplier", listPrice: 10_000_000n });
    const upstreamed = await testProduct(
      database.db,
      { sku: "delay-upstream", category: "giftcard", fulfilment: "supplier", listPrice: 10_000_000n },
      { offers: false },
    );
    const upstream = await createSupplier(database.db, {
      kind: "reseller-api",
      name: "Real",
      baseUrl: "https://wholesaler.example",
      credentials: "rk_live_SomeUpstreamKey0000",
    });
    await addOffer(database.db, { sku: upstreamed.sku, supplierId: upstream.id, upstreamProductId: "card", cost: 9_000_000n });
    expect(await fulfilDelayMs(database.db, sandboxed.sku, cfg)).toBe(3_000);
    expect(await fulfilDelayMs(database.db, upstreamed.sku, cfg)).toBe(0);

    // The fulfil job of an order of the real upstream's product is due at once.
    const buyer = await resellerWithBalance(database.db, 50_000_000n);
    const { order } = await placeOrder(database.db, { user: buyer, sku: upstreamed.sku, quantity: 1, fields: {}, source: "api" });
    const [job] = await database.db
      .select({ due: sql<boolean>`${jobs.runAt} <= now()` })
      .from(jobs)
      .where(eq(jobs.dedupeKey, `order.fulfil:${order.id}`));
    expect(job.due).toBe(true);
  });
});
