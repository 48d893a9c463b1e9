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
import { addStock, createReseller, ORDER_SKU, openPostgres, prepareSchema, unitPrice } from "./fixtures";
import { percentile } from "./load";

export interface LatencySummary {
  count: number;
  medianMs: number;
  p99Ms: number;
}

export interface SupplierFigures {
  chained: { direct: LatencySummary; chained: LatencySummary; addedMedianMs: number };
  slowSupplier: { inFlight: number; seconds: number; completedPerSecond: number; stockAlone: LatencySummary; stockBeside: LatencySummary; p99Ratio: number };
}

/** How often a pending order is read: the resolution of a create-to-completed time. */
const POLL_MS = 5;
/**
 * The slow supplier's orders are read this often: their throughput needs no finer resolution, and 32
 * loops reading every 5 ms would load A more than the supplier does.
 */
const SLOW_POLL_MS = 100;

export function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, medianMs: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One order from create to `completed`, as an integrator sees it: the create's answer when it already
 * says completed, else GET /api/v2/order/{id} every `pollMs` until it does (bounded by `timeoutMs`).
 */
async function orderToCompletion(base: string, apiKey: string, sku: string, timeoutMs = 30_000, pollMs = POLL_MS): Promise<number> {
  const started = performance.now();
  const created = await fetch(`${base}/api/v2/order`, { method: "POST", headers: { "X-API-Key": apiKey, "Content-Type": "application/json" }, body: JSON.stringify({ sku }) });
  const order = (await created.json()) as { order_id?: string; status?: string };
  if (created.status !== 201 || !order.order_id) throw new Error(`ordering ${sku} answered ${created.status}: ${JSON.stringify(order)}`);
  let status = order.status;
  while (status !== "completed") {
    if (status === "failed" || status === "refunded") throw new Error(`order ${order.order_id} of ${sku} ${status}`);
    if (performance.now() - started > timeoutMs) throw new Error(`order ${order.order_id} of ${sku} not completed within ${timeoutMs} ms`);
    await sleep(pollMs);
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
  await createProduct(dbA.db, { sku: chainSku, category: "giftcard", name: "Chained card", group: "Bench", region: "US", listPrice: formatMoney(costAtB * 2n), fields: [], minQuantity: 1, maxQuantity: 5, fulfilment: "supplier", enabled: true, lowStockThreshold: 0 });
  await addOffer(dbA.db, { sku: chainSku, supplierId: upstream.id, upstreamProductId: ORDER_SKU, cost: costAtB });

  // The slow supplier's product on A too, with stock of A's own for the stock orders beside it.
  const slow = await startFakeUpstream();
  onCleanup("slow upstream", () => slow.close());
  slow.delayMs = 500;
  const slowSupplier = await createSupplier(dbA.db, { kind: "reseller-api", name: "Slow upstream", baseUrl: slow.url, credentials: slow.apiKey });
  const slowSku = "bench-slow-card";
  await createProduct(dbA.db, { sku: slowSku, category: "giftcard", name: "Slow card", group: "Bench", region: "US", listPrice: "5.00", fields: [], minQuantity: 1, maxQuantity: 5, fulfilment: "supplier", enabled: true, lowStockThreshold: 0 });
  await addOffer(dbA.db, { sku: slowSku, supplierId: slowSupplier.id, upstreamProductId: "slow-card", cost: 1_000_000n });
  await addStock(dbA, ORDER_SKU, options.quick ? 3_000 : 10_000);
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
  log(`chained: median ${chainedSummary.medianMs.toFixed(1)} ms, p99 ${chainedSummary.p99Ms.toFixed(1)} ms; direct on B: median ${directSummary.medianMs.toFixed(1)} ms, p99 ${directSummary.p99Ms.toFixed(1)} ms`);
  await b.child.stop();

  // ---- one supplier answering in 500 ms, 32 orders in flight, stock orders beside it ---------------
  log(`E. suppliers: ${IN_FLIGHT} orders in flight at a supplier answering in ${slow.delayMs} ms, and stock orders with and without it`);
  const stockRun = async (seconds: number) => {
    const samples: number[] = [];
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) samples.push(await orderToCompletion(a.base, buyerAtA.apiKey, ORDER_SKU));
    return samples;
  };
  // Windows alternate: stock orders alone, then beside the slow supplier's orders, twice over, so that
  // drift in the machine's speed falls on both alike.
  const stockAlone: number[] = [];
  const stockBeside: number[] = [];
  let completed = 0;
  let loadedMs = 0;
  const WINDOW_SECONDS = SLOW_SECONDS / 2;
  for (let window = 0; window < 4; window++) {
    if (window % 2 === 0) {
      stockAlone.push(...(await stockRun(WINDOW_SECONDS / 2)));
      continue;
    }
    const from = performance.now();
    const until = from + WINDOW_SECONDS * 1000;
    const lanes = Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        await orderToCompletion(a.base, buyerAtA.apiKey, slowSku, 60_000, SLOW_POLL_MS);
        completed++;
      }
    });
    stockBeside.push(...(await stockRun(WINDOW_SECONDS)));
    await Promise.all(lanes);
    loadedMs += performance.now() - from;
  }
  const elapsed = loadedMs / 1000;
  await a.child.stop();
  const alone = summarise(stockAlone);
  const beside = summarise(stockBeside);
  const figures: SupplierFigures = {
    chained: { direct: directSummary, chained: chainedSummary, addedMedianMs: chainedSummary.medianMs - directSummary.medianMs },
    slowSupplier: { inFlight: IN_FLIGHT, seconds: Math.round(elapsed), completedPerSecond: completed / elapsed, stockAlone: alone, stockBeside: beside, p99Ratio: beside.p99Ms / alone.p99Ms },
  };
  log(
    `slow supplier: ${figures.slowSupplier.completedPerSecond.toFixed(1)} orders/s completed; stock orders p99 ${alone.p99Ms.toFixed(1)} ms alone, ${beside.p99Ms.toFixed(1)} ms beside it (${figures.slowSupplier.p99Ratio.toFixed(2)}x); upstream orders ${slow.orders.length}, most at once ${slow.maxConcurrentCreates}`,
  );
  return figures;
}
