/*
 * The supplier figures of `npm run bench` (issue 36): an order bought through a chained upstream against
 * the same order placed on the upstream directly, and fulfilment with one supplier answering in 500 ms
 * beside stock orders. Every server is the production build on its own Postgres database; the slow
 * supplier is a local upstream on loopback answering as this product's API does.
 */
// First, as in run.ts: the harness sets this process's environment before any app code reads it.
import { createDatabase, log, onCleanup, startApp } from "./harness";
import { createProduct } from "@/lib/catalog/manage-products";
import { addOffer, createSupplier } from "@/lib/fulfilment/manage-suppliers";
import { startFakeUpstream } from "@/lib/fulfilment/suppliers/testing/fake-upstream";
import { formatMoney } from "@/lib/money/money";
import { orders } from "@/lib/db/schema";
import { and, count, eq, inArray } from "drizzle-orm";
import { addStock, createReseller, ORDER_SKU, openPostgres, prepareSchema, unitPrice } from "./fixtures";
import { percentile } from "./load";

export interface LatencySummary {
  count: number;
  medianMs: number;
  p99Ms: number;
}

export interface SupplierFigures {
  chained: { direct: LatencySummary; chained: LatencySummary; addedMedianMs: number };
  slowSupplier: {
    inFlight: number;
    seconds: number;
    completedPerSecond: number;
    stockAlone: LatencySummary;
    stockBeside: LatencySummary;
    /** Beside as many orders a second of a supplier that answers at once. */
    stockBesidePrompt: LatencySummary;
    /** Stock p99 beside the slow supplier against beside the prompt one: the wait alone, the same work on both sides. */
    p99Ratio: number;
    /** Against stock orders alone: what the supplier orders' own work costs A besides. */
    p99RatioAlone: number;
  };
}

/** How often a pending order is read: the resolution of a create-to-completed time. */
const POLL_MS = 5;
/** How often the supplier orders of a window are counted (and topped up): their throughput needs no finer resolution. */
const SLOW_POLL_MS = 100;

export function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, medianMs: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One order from create to `completed`, as an integrator sees it: the create's answer when it already
 * says completed, else GET /api/v2/order/{id} every POLL_MS until it does (bounded by `timeoutMs`).
 */
async function createOrder(base: string, apiKey: string, sku: string): Promise<{ order_id: string; status?: string }> {
  const created = await fetch(`${base}/api/v2/order`, {
    method: "POST",
    headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ sku }),
  });
  const order = (await created.json()) as { order_id?: string; status?: string };
  if (created.status !== 201 || !order.order_id) throw new Error(`ordering ${sku} answered ${created.status}: ${JSON.stringify(order)}`);
  return { order_id: order.order_id, status: order.status };
}

async function orderToCompletion(base: string, apiKey: string, sku: string, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  const order = await createOrder(base, apiKey, sku);
  let status = order.status;
  while (status !== "completed") {
    if (status === "failed" || status === "refunded") throw new Error(`order ${order.order_id} of ${sku} ${status}`);
    if (performance.now() - started > timeoutMs) throw new Error(`order ${order.order_id} of ${sku} not completed within ${timeoutMs} ms`);
    await sleep(POLL_MS);
    const read = await fetch(`${base}/api/v2/order/${order.order_id}`, { headers: { "X-API-Key": apiKey } });
    status = ((await read.json()) as { status?: string }).status;
  }
  return performance.now() - started;
}

export async function measureSupplierFigures(options: { quick: boolean }): Promise<SupplierFigures> {
  const ORDERS = options.quick ? 20 : 100;
  const SLOW_SECONDS = options.quick ? 6 : 20;
  const IN_FLIGHT = 32;

  // ---- the chained upstream: A buys from B with its key there -------------------------------------
  log("E. suppliers: A buying from B (both this app on Postgres), against ordering on B directly, alternating");
  const urlB = await createDatabase("upstream_b");
  const dbB = openPostgres(urlB);
  onCleanup("upstream B pool", () => dbB.close());
  await prepareSchema(dbB);
  await addStock(dbB, ORDER_SKU, 2 * ORDERS + 50);
  const aAtB = await createReseller(dbB, "1000000");
  const directAtB = await createReseller(dbB, "1000000");
  const costAtB = await unitPrice(dbB, ORDER_SKU, "Silver");

  const urlA = await createDatabase("downstream_a");
  const dbA = openPostgres(urlA);
  onCleanup("downstream A pool", () => dbA.close());
  await prepareSchema(dbA);
  const buyerAtA = await createReseller(dbA, "1000000");
  const b = await startApp("upstream-b", { DATABASE_URL: urlB });
  const upstream = await createSupplier(dbA.db, { kind: "reseller-api", name: "Upstream B", baseUrl: b.base, credentials: aAtB.apiKey });
  const chainSku = "bench-chained-card";
  await createProduct(dbA.db, {
    sku: chainSku,
    category: "giftcard",
    name: "Chained card",
    group: "Bench",
    region: "US",
    listPrice: formatMoney(costAtB * 2n),
    fields: [],
    minQuantity: 1,
    maxQuantity: 5,
    fulfilment: "supplier",
    enabled: true,
    lowStockThreshold: 0,
  });
  await addOffer(dbA.db, { sku: chainSku, supplierId: upstream.id, upstreamProductId: ORDER_SKU, cost: costAtB });

  /** A local upstream answering as this product's API does, as a supplier of A's with a 5.00 card of A's that only it sells. */
  const cardFromLocalUpstream = async (name: string, sku: string, delayMs: number) => {
    const local = await startFakeUpstream();
    onCleanup(`${name} upstream`, () => local.close());
    local.delayMs = delayMs;
    const supplier = await createSupplier(dbA.db, { kind: "reseller-api", name: `${name} upstream`, baseUrl: local.url, credentials: local.apiKey });
    await createProduct(dbA.db, {
      sku,
      category: "giftcard",
      name: `${name} card`,
      group: "Bench",
      region: "US",
      listPrice: "5.00",
      fields: [],
      minQuantity: 1,
      maxQuantity: 5,
      fulfilment: "supplier",
      enabled: true,
      lowStockThreshold: 0,
    });
    await addOffer(dbA.db, { sku, supplierId: supplier.id, upstreamProductId: `${sku}-upstream`, cost: 1_000_000n });
    return local;
  };
  // The slow supplier's product on A too, with stock of A's own for the stock orders beside it; and the
  // same card from a supplier that answers at once: the baseline that costs A the same work per order.
  const slowSku = "bench-slow-card";
  const slow = await cardFromLocalUpstream("Slow", slowSku, 500);
  const promptSku = "bench-prompt-card";
  await cardFromLocalUpstream("Prompt", promptSku, 0);
  await addStock(dbA, ORDER_SKU, options.quick ? 6_000 : 25_000);
  const a = await startApp("downstream-a", { DATABASE_URL: urlA, SUPPLIER_ALLOW_PRIVATE: "1" });

  // A first order each way warms both paths (connections, the key caches) before anything is counted.
  await orderToCompletion(a.base, buyerAtA.apiKey, chainSku);
  await orderToCompletion(b.base, directAtB.apiKey, ORDER_SKU);
  const direct: number[] = [];
  const chained: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    if (i % 2 === 0) {
      chained.push(await orderToCompletion(a.base, buyerAtA.apiKey, chainSku));
      direct.push(await orderToCompletion(b.base, directAtB.apiKey, ORDER_SKU));
    } else {
      direct.push(await orderToCompletion(b.base, directAtB.apiKey, ORDER_SKU));
      chained.push(await orderToCompletion(a.base, buyerAtA.apiKey, chainSku));
    }
  }
  const chainedSummary = summarise(chained);
  const directSummary = summarise(direct);
  log(
    `chained: median ${chainedSummary.medianMs.toFixed(1)} ms, p99 ${chainedSummary.p99Ms.toFixed(1)} ms; direct on B: median ${directSummary.medianMs.toFixed(1)} ms, p99 ${directSummary.p99Ms.toFixed(1)} ms`,
  );
  await b.child.stop();

  // ---- one supplier answering in 500 ms, 32 orders in flight, stock orders beside it ---------------
  log(`E. suppliers: ${IN_FLIGHT} orders in flight at a supplier answering in ${slow.delayMs} ms, and stock orders with and without it`);
  const stockRun = async (seconds: number) => {
    const samples: number[] = [];
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) samples.push(await orderToCompletion(a.base, buyerAtA.apiKey, ORDER_SKU));
    return samples;
  };
  /** Supplier orders of `sku` finished since the window began; a failed one ends the run. */
  const finishedOf = async (sku: string) => {
    const rows = await dbA.db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(and(eq(orders.sku, sku), inArray(orders.status, ["completed", "failed", "refunded"])))
      .groupBy(orders.status);
    const failed = rows.filter((row) => row.status !== "completed");
    if (failed.length > 0) throw new Error(`orders of ${sku}: ${failed.map((row) => `${row.n} ${row.status}`).join(", ")}`);
    return rows[0]?.n ?? 0;
  };
  /**
   * Places orders of `sku` until `until` (keeping `inFlight` under way, or at `perSecond`), then waits
   * for the last to complete; returns how many completed. Completion is read from A's database once per
   * SLOW_POLL_MS for all of them: 32 integrators polling their own orders would load A more than the
   * supplier does, and that is not the figure.
   */
  const supplierWindow = async (sku: string, until: number, pace: { inFlight: number } | { perSecond: number }): Promise<number> => {
    const before = await finishedOf(sku);
    const from = performance.now();
    let placed = 0;
    let done = 0;
    const creates: Promise<unknown>[] = [];
    for (;;) {
      const now = performance.now();
      const open = now < until;
      if (open) {
        const due = "inFlight" in pace ? pace.inFlight - (placed - done) : Math.floor(((now - from) / 1000) * pace.perSecond) - placed;
        for (let i = 0; i < due; i++) creates.push(createOrder(a.base, buyerAtA.apiKey, sku));
        placed += Math.max(0, due);
      }
      await Promise.all(creates.splice(0));
      done = (await finishedOf(sku)) - before;
      if (!open && done >= placed) return done;
      if (now > until + 60_000) throw new Error(`${placed - done} orders of ${sku} not completed a minute after their window`);
      await sleep("inFlight" in pace ? SLOW_POLL_MS : Math.min(SLOW_POLL_MS, 1000 / pace.perSecond));
    }
  };
  // Windows alternate: stock orders alone, beside the slow supplier's orders, and beside as many orders a
  // second of a supplier that answers at once (the same work for A, without the wait), twice over, so
  // that drift in the machine's speed falls on all alike.
  const stockAlone: number[] = [];
  const stockBeside: number[] = [];
  const stockBesidePrompt: number[] = [];
  let completed = 0;
  let loadedMs = 0;
  const WINDOW_SECONDS = SLOW_SECONDS / 2;
  for (let round = 0; round < 2; round++) {
    stockAlone.push(...(await stockRun(WINDOW_SECONDS)));
    const from = performance.now();
    const slowWindow = supplierWindow(slowSku, from + WINDOW_SECONDS * 1000, { inFlight: IN_FLIGHT });
    stockBeside.push(...(await stockRun(WINDOW_SECONDS)));
    const slowDone = await slowWindow;
    const slowMs = performance.now() - from;
    completed += slowDone;
    loadedMs += slowMs;
    const promptWindow = supplierWindow(promptSku, performance.now() + WINDOW_SECONDS * 1000, { perSecond: slowDone / (slowMs / 1000) });
    stockBesidePrompt.push(...(await stockRun(WINDOW_SECONDS)));
    await promptWindow;
  }
  const elapsed = loadedMs / 1000;
  await a.child.stop();
  const alone = summarise(stockAlone);
  const beside = summarise(stockBeside);
  const besidePrompt = summarise(stockBesidePrompt);
  const figures: SupplierFigures = {
    chained: { direct: directSummary, chained: chainedSummary, addedMedianMs: chainedSummary.medianMs - directSummary.medianMs },
    slowSupplier: {
      inFlight: IN_FLIGHT,
      seconds: Math.round(elapsed),
      completedPerSecond: completed / elapsed,
      stockAlone: alone,
      stockBeside: beside,
      stockBesidePrompt: besidePrompt,
      p99Ratio: beside.p99Ms / besidePrompt.p99Ms,
      p99RatioAlone: beside.p99Ms / alone.p99Ms,
    },
  };
  log(
    `slow supplier: ${figures.slowSupplier.completedPerSecond.toFixed(1)} orders/s completed; stock orders p99 ${alone.p99Ms.toFixed(1)} ms alone, ${beside.p99Ms.toFixed(1)} ms beside it, ${besidePrompt.p99Ms.toFixed(1)} ms beside a prompt supplier's orders at that rate (${figures.slowSupplier.p99Ratio.toFixed(2)}x; ${figures.slowSupplier.p99RatioAlone.toFixed(2)}x against alone); upstream orders ${slow.orders.length}, most at once ${slow.maxConcurrentCreates}`,
  );
  return figures;
}
