/*
 * npm run bench: the API against baselines measured in the same run, on the same machine.
 *
 * The orchestrator (this process) builds the app if its build is stale, creates fresh Postgres
 * databases, starts each server as a child process, drives it with the load generators from here
 * (autocannon with fixed connections, a warm-up and several runs, the median; an open-loop paced
 * generator over as many fixed connections for latency), and prints the table that also goes to
 * bench-results/latest.md.
 *
 *   npm run bench                 the full run (about 5 minutes on 2 cores, plus a build if needed)
 *   npm run bench -- --quick      short runs, for trying the harness; the figures are noise
 *   npm run bench -- --only suppliers   only the supplier figures (a chained upstream, a slow supplier)
 *   npm run bench -- --pages      the page audit alone: every panel page in Lighthouse (bench/pages/)
 *   npm run bench -- --profile    the servers also write V8 CPU profiles to bench-results/profiles/
 *                                 (summarise them with bench/profile-summary.ts; bench/profile-route.ts
 *                                 profiles one route at a time)
 *
 * Postgres: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) is used only to
 * create and drop the run's own databases. Only 127.0.0.1 is ever loaded; every loop is bounded in
 * time or count, and every child process is killed when the run ends, fails or is interrupted.
 */
// First: it sets up this process's environment (secrets, a scratch DATA_DIR) before any app code reads it.
import {
  childEnv,
  cleanupAll,
  createDatabase,
  enableProfiling,
  installStopHandlers,
  log,
  LOGS,
  OBSERVED,
  onCleanup,
  OUT,
  postgresVersion,
  ROOT,
  scratch,
  startApp,
  startedAt,
  startScript,
  type Server,
} from "./lib/harness";
import { measureSupplierFigures, type LatencySummary, type SupplierFigures } from "./lib/supplier-figures";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatMoney } from "@/lib/money/money";
import { build, buildIsStale } from "@/scripts/build.mjs";
import { DELIVERY_SLOTS } from "@/lib/webhooks/constants";
import { deliveryHeaders } from "@/lib/webhooks/signature";
import { cpuPerRequest, machineCpuTicks, sampleCpu, stealShare, type CpuSample } from "./lib/cpu";
import {
  addStock,
  checkMoney,
  configureWebhook,
  createReseller,
  deliveryOutcomes,
  enqueueDeliveries,
  eventBodies,
  openPglite,
  openPostgres,
  ORDER_SKU,
  pendingJobs,
  prepareSchema,
  settleDatabase,
  someOrderId,
  undeliveredEvents,
  unitPrice,
  type BenchReseller,
  type MoneyCheck,
} from "./lib/fixtures";
import { firstLoadJs, type FirstLoad } from "./lib/first-load";
import { cpuCells, cpuFigure, GOALS, times, type CpuFigure } from "./lib/goals";
import { median, pacedLatency, pairedRatio, throughput, type LatencyRun, type Target, type ThroughputRun } from "./lib/load";
import { freePort, sleep, startChild, waitForHttp } from "./lib/procs";
import { runPagesFromCli } from "./pages/cli";
import { GOALS as PAGE_GOALS, panelFiles, panelJavaScript, panelRoutes, type PanelJavaScript } from "./pages/page-audit";

const argv = process.argv.slice(2);
const QUICK = argv.includes("--quick");
const ONLY_SUPPLIERS = argv[argv.indexOf("--only") + 1] === "suppliers" && argv.includes("--only");
if (argv.includes("--profile")) enableProfiling();

/** Seconds: warm-up, each measured run; and how many measured runs give the median. */
const T = QUICK ? { warm: 1, run: 2, runs: 1 } : { warm: 3, run: 5, runs: 3 };
/**
 * The wrapper's figure compares two paths about 10% apart, and on a shared machine one 5 s run of the
 * same path differs from the next by up to 15%: three pairs cannot tell 8% from 12%. It takes more,
 * shorter pairs, still alternating, and the same median.
 */
const WRAPPER_RUNS = QUICK ? { runs: 1, seconds: 2 } : { runs: 9, seconds: 3 };
/** Fixed connections of every run, closed-loop or paced (the app's database pool has 10 connections too). */
const CONNECTIONS = 10;
/** Each paced run's warm-up at its rate, over its connections once they are open. */
const PACED_WARM_SECONDS = 1;
/**
 * Codes added to the ordered gift card, so no run runs out of stock: a warm-up and three runs of orders
 * take 18 s, at up to about 650/s here on either database (PGlite orders at nearly Postgres' rate since
 * it runs prepared statements), and the webhook phase orders more on Postgres.
 */
const STOCK_CODES = QUICK ? 6_000 : 30_000;
const PGLITE_STOCK_CODES = QUICK ? 6_000 : 20_000;
/**
 * Webhook deliveries per measured batch, all enqueued at once, as a burst of orders makes them: enough
 * for a batch to last a second or two. The inline worker has DELIVERY_SLOTS of them in flight, and so
 * has the raw loop.
 */
const WEBHOOK_BATCH = QUICK ? 150 : 2_000;
/** The overdraft check: a balance that covers exactly this many orders, and this many sent at once. */
const OVERDRAFT_AFFORDABLE = 10;
const OVERDRAFT_SENT = 60;

// The page audit runs Lighthouse 6 times on each of about 40 pages: up to an hour on a busy machine.
installStopHandlers(argv.includes("--pages") ? 90 * 60_000 : 20 * 60_000);

// ---------------------------------------------------------------------------------------------------
// Measurements

interface MeasuredRun extends ThroughputRun {
  /** CPU ms per successful request: the server process, all of Postgres, the load generator. */
  cpu: CpuSample;
}

interface Measured {
  median: number;
  runs: MeasuredRun[];
  /** Median CPU ms per request over the runs. */
  cpu: CpuSample;
}

async function run(target: Target, server: Server | undefined, seconds: number): Promise<MeasuredRun> {
  const before = sampleCpu(server?.child.proc.pid);
  const result = await throughput(target, { connections: CONNECTIONS, seconds });
  return { ...result, cpu: cpuPerRequest(before, sampleCpu(server?.child.proc.pid), result.ok) };
}

const medianCpu = (samples: CpuSample[]): CpuSample => ({
  server: median(samples.map((c) => c.server)),
  postgres: median(samples.map((c) => c.postgres)),
  loadGenerator: median(samples.map((c) => c.loadGenerator)),
});

function summarise(runs: MeasuredRun[]): Measured {
  return { median: median(runs.map((r) => r.rate)), runs, cpu: medianCpu(runs.map((r) => r.cpu)) };
}

const cpuText = (cpu: CpuSample) =>
  `CPU/request: server ${cpu.server.toFixed(2)} ms, Postgres ${cpu.postgres.toFixed(2)} ms, load generator ${cpu.loadGenerator.toFixed(2)} ms`;

function describeRun(run: ThroughputRun): string {
  const other = Object.entries(run.other).map(([code, n]) => `${n}x${code}`);
  if (run.errors) other.push(`${run.errors} errors`);
  return `${run.rate.toFixed(0)}/s${other.length ? ` (${other.join(", ")})` : ""}`;
}

interface LatencyMeasured {
  rate: number;
  p99: number;
  p50: number;
  runs: LatencyRun[];
}

interface Side {
  name: string;
  server: Server;
  target: Target;
  /** Runs after each of this side's runs, unmeasured. */
  between?: () => Promise<void>;
}

/** Pair i runs app then baseline when i is even, baseline then app when odd: drift in between falls on both alike. */
const pairOrder = <T>(i: number, app: T, baseline: T): [T, T] => (i % 2 === 0 ? [app, baseline] : [baseline, app]);

/** The same figure on two servers or paths (the app and its baseline), their warm-ups and runs alternating. */
async function measurePair(
  label: string,
  app: Side,
  baseline: Side,
  options: { runs?: number; seconds?: number } = {},
): Promise<{ app: Measured; baseline: Measured }> {
  const runs = new Map<Side, MeasuredRun[]>([
    [app, []],
    [baseline, []],
  ]);
  for (const side of [app, baseline]) {
    await throughput(side.target, { connections: CONNECTIONS, seconds: T.warm });
    await side.between?.();
  }
  for (let i = 0; i < (options.runs ?? T.runs); i++) {
    for (const side of pairOrder(i, app, baseline)) {
      runs.get(side)!.push(await run(side.target, side.server, options.seconds ?? T.run));
      await side.between?.();
    }
  }
  const measured = (side: Side) => {
    const result = summarise(runs.get(side)!);
    log(`${label}, ${side.name}: ${result.runs.map(describeRun).join(" | ")} -> median ${result.median.toFixed(0)}/s; ${cpuText(result.cpu)}`);
    return result;
  };
  return { app: measured(app), baseline: measured(baseline) };
}

/** The p99 of both at the same paced rate, their runs alternating. */
async function measureLatencyPair(app: Target, baseline: Target, rate: number): Promise<{ app: LatencyMeasured; baseline: LatencyMeasured }> {
  const runs: Record<"app" | "baseline", LatencyRun[]> = { app: [], baseline: [] };
  for (let i = 0; i < T.runs; i++) {
    for (const [name, target] of pairOrder(i, ["app", app] as const, ["baseline", baseline] as const))
      runs[name].push(await pacedLatency(target, { rate, seconds: T.run, connections: CONNECTIONS, warmSeconds: PACED_WARM_SECONDS }));
  }
  const summary = (name: "app" | "baseline"): LatencyMeasured => {
    const result = { rate, p99: median(runs[name].map((r) => r.p99)), p50: median(runs[name].map((r) => r.p50)), runs: runs[name] };
    const described = runs[name].map(
      (r) => `${r.p99.toFixed(1)} ms${r.failed ? ` (${r.failed} failed)` : ""}${r.newConnections ? ` (${r.newConnections} new connections)` : ""}`,
    );
    log(`order status latency, ${name} at ${rate}/s over ${CONNECTIONS} connections: p99 ${described.join(" | ")} -> median p99 ${result.p99.toFixed(1)} ms`);
    return result;
  };
  return { app: summary("app"), baseline: summary("baseline") };
}

/** Waits until no job is due (the app's worker has caught up), so one measurement does not spill into the next. */
async function quiesce(database: ReturnType<typeof openPostgres>, label: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  let pending = await pendingJobs(database);
  while (pending > 0 && Date.now() < deadline) {
    await sleep(250);
    pending = await pendingJobs(database);
  }
  if (pending > 0) log(`${label}: ${pending} jobs still due after 90 s; going on`);
}

/** One order of the benchmark's gift card through the API; resolves with the answer's status. */
async function orderGiftCard(base: string, apiKey: string): Promise<number> {
  const response = await fetch(`${base}/api/v2/order`, {
    method: "POST",
    headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ sku: ORDER_SKU }),
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  return response.status;
}

/** OVERDRAFT_SENT orders at once from a reseller whose balance covers exactly OVERDRAFT_AFFORDABLE. */
async function overdraftBurst(base: string, apiKey: string): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: OVERDRAFT_SENT }, async () => {
      try {
        const status = await orderGiftCard(base, apiKey);
        statuses[status] = (statuses[status] ?? 0) + 1;
      } catch {
        statuses.error = (statuses.error ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

interface OverdraftResult {
  statuses: Record<string, number>;
  money: MoneyCheck;
  ok: boolean;
}

function judgeOverdraft(statuses: Record<string, number>, money: MoneyCheck): OverdraftResult {
  const ok =
    (statuses[201] ?? 0) === OVERDRAFT_AFFORDABLE &&
    (statuses[402] ?? 0) === OVERDRAFT_SENT - OVERDRAFT_AFFORDABLE &&
    money.balance === 0n &&
    money.ledgerSum === 0n &&
    money.orders === OVERDRAFT_AFFORDABLE &&
    money.codesHandedOut === OVERDRAFT_AFFORDABLE;
  return { statuses, money, ok };
}

/** The ledger of a reseller after thousands of concurrent orders: nothing below zero, nothing lost. */
function moneyConsistent(money: MoneyCheck): boolean {
  return (
    money.balance >= 0n &&
    money.balance === money.ledgerSum &&
    money.orders === money.orderEntries &&
    money.codesHandedOut === money.orders &&
    money.codesPerOrderMismatch === 0
  );
}

async function receiverStats(base: string): Promise<{ count: number; badSignatures: number; duplicates: number; first: number | null; last: number | null }> {
  const response = await fetch(`${base}/stats`);
  return (await response.json()) as never;
}

async function receiverReset(base: string): Promise<void> {
  await (await fetch(`${base}/reset`, { method: "POST" })).arrayBuffer();
}

const deliveryRate = (stats: { count: number; first: number | null; last: number | null }) =>
  stats.count > 1 && stats.first !== null && stats.last !== null && stats.last > stats.first ? ((stats.count - 1) * 1000) / (stats.last - stats.first) : 0;

/**
 * The baseline of the webhook figure: the same bodies, signed per request with the app's own
 * deliveryHeaders, POSTed by a plain loop over undici (Node's fetch, keep-alive) with as many in
 * flight as the worker has deliveries (DELIVERY_SLOTS), for a fixed time.
 */
async function rawDeliveryLoop(url: string, secret: string, bodies: { id: string; type: string; body: string }[], seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: DELIVERY_SLOTS }, async () => {
      while (Date.now() < until) {
        const event = bodies[next++ % bodies.length];
        const response = await fetch(url, {
          method: "POST",
          headers: deliveryHeaders({ secret, eventId: event.id, event: event.type, body: event.body }),
          body: event.body,
        });
        await response.arrayBuffer();
        if (!response.ok) failed++;
      }
    }),
  );
  return failed;
}

// ---------------------------------------------------------------------------------------------------

interface WebhookResult {
  worker: { median: number; batches: { size: number; delivered: number; rate: number; succeeded: number; cpu: CpuSample }[]; cpu: CpuSample };
  raw: { median: number; runs: number[]; cpu: CpuSample };
  badSignatures: number;
  duplicates: number;
}

interface Report {
  date: string;
  machine: {
    cpus: number;
    model: string;
    memoryGiB: number;
    node: string;
    postgres: string;
    loadBefore: number;
    loadAfter: number;
    /** Of the whole machine's CPU time during the run. */ steal: number;
  };
  quick: boolean;
  catalog: { app: Measured; baseline: Measured; sameResponse: boolean };
  orders: {
    app: Measured;
    baseline: Measured;
    pglite: Measured;
    pglitePostgres: Measured;
    moneyApp: MoneyCheck;
    moneyAppPglitePair: MoneyCheck;
    moneyBaseline: MoneyCheck;
    moneyPglite: MoneyCheck;
    overdraftApp: OverdraftResult;
    overdraftPglite: OverdraftResult;
  };
  status: { appPeak: Measured; baselinePeak: Measured; app: LatencyMeasured; baseline: LatencyMeasured };
  wrapper: { wrapped: Measured; bare: Measured };
  webhooks: WebhookResult;
  firstLoad: FirstLoad;
  /** Issue 43's figure: what each panel page loads above the framework's runtime. */
  pageJs: PanelJavaScript;
  suppliers: SupplierFigures;
  seconds: number;
}

function machine() {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  return { cpus: os.availableParallelism(), model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
}

async function ensureBuild(): Promise<void> {
  if (!buildIsStale(ROOT)) {
    log("the production build is current");
    return;
  }
  log("building the app (npm run build: the panel and the compiled server) ...");
  await build(ROOT, { onlyStale: true });
}

async function main(): Promise<Report> {
  const info = machine();
  const loadBefore = os.loadavg()[0];
  const ticksBefore = machineCpuTicks();
  log(
    `${info.cpus} CPUs (${info.model}), ${info.memoryGiB} GiB, Node ${info.node}, load average ${loadBefore.toFixed(2)}${QUICK ? "; QUICK run: the figures are noise" : ""}`,
  );
  if (loadBefore > 0.5 * info.cpus) log(`the machine is busy (load average ${loadBefore.toFixed(2)}): other work will share the CPUs with the benchmark`);
  await ensureBuild();
  const postgresServer = await postgresVersion();

  // ---- A: the app and the bare baseline on Postgres, each on its own database made the same way ----
  // Both servers are up together and each figure's runs alternate between them (app, baseline,
  // baseline, app, ...), so that drift in the machine's speed falls on both alike.
  log("A. the app and the bare node:http + postgres.js baseline on Postgres, runs alternating");
  const urlA = await createDatabase("app");
  const dbA = openPostgres(urlA);
  onCleanup("database A pool", () => dbA.close());
  await prepareSchema(dbA);
  const resellerA = await createReseller(dbA, "1000000");
  const urlB = await createDatabase("base");
  const dbB = openPostgres(urlB);
  onCleanup("database B pool", () => dbB.close());
  await prepareSchema(dbB);
  const resellerB = await createReseller(dbB, "1000000");
  const app = await startApp("app-postgres", { DATABASE_URL: urlA });
  const baseline = await startScript("baseline", "bench/baseline-server.ts", { DATABASE_URL: urlB, BENCH_USER_ID: resellerB.id });
  const authA = { "X-API-Key": resellerA.apiKey };
  const appSide = (target: Target, between?: () => Promise<void>): Side => ({ name: "app", server: app, target, between });
  const baselineSide = (target: Target): Side => ({ name: "baseline", server: baseline, target });

  // Both databases are made the same way, so at this point the two catalogs must be the same bytes.
  const catalogBodyApp = await (await fetch(`${app.base}/api/v2/catalog`, { headers: authA })).text();
  const sameCatalog = (await (await fetch(`${baseline.base}/api/v2/catalog`)).text()) === catalogBodyApp;
  if (!sameCatalog) log("the baseline's catalog differs from the app's: the baseline no longer does the app's work");
  const catalog = await measurePair(
    "catalog",
    appSide({ url: `${app.base}/api/v2/catalog`, headers: authA }),
    baselineSide({ url: `${baseline.base}/api/v2/catalog` }),
  );

  await addStock(dbA, ORDER_SKU, STOCK_CODES);
  await addStock(dbB, ORDER_SKU, STOCK_CODES);
  await quiesce(dbA, "before orders");
  const orderTarget = (base: string, headers: Record<string, string>): Target => ({
    url: `${base}/api/v2/order`,
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ sku: ORDER_SKU }),
  });
  // The app's worker catches up after each of its runs, before the baseline's run starts.
  const orders = await measurePair(
    "orders",
    appSide(orderTarget(app.base, authA), () => quiesce(dbA, "after an order run")),
    baselineSide(orderTarget(baseline.base, {})),
  );
  await quiesce(dbA, "after orders");
  const moneyBaseline = await checkMoney(dbB, resellerB.id);
  await settleDatabase(dbA);
  await settleDatabase(dbB);

  const orderIdA = await someOrderId(dbA, resellerA.id);
  const statusTargetA: Target = { url: `${app.base}/api/v2/order/${orderIdA}`, headers: authA };
  const statusTargetB: Target = { url: `${baseline.base}/api/v2/order/${await someOrderId(dbB, resellerB.id)}` };
  // As many runs as the other figures: the CPU per request of this route is one of the goals.
  const statusPeak = await measurePair("order status peak", appSide(statusTargetA), baselineSide(statusTargetB));
  const statusRate = Math.max(10, Math.round(statusPeak.app.median / 2));
  const statusLatency = await measureLatencyPair(statusTargetA, statusTargetB, statusRate);
  await baseline.child.stop();

  const price = await unitPrice(dbA, ORDER_SKU, "Silver");
  const burstA = await createReseller(dbA, formatMoney(price * BigInt(OVERDRAFT_AFFORDABLE)));
  const burstStatusesA = await overdraftBurst(app.base, burstA.apiKey);
  await quiesce(dbA, "after the burst");
  const overdraftApp = judgeOverdraft(burstStatusesA, await checkMoney(dbA, burstA.id));
  log(
    `overdraft burst, app: ${JSON.stringify(overdraftApp.statuses)}, balance ${formatMoney(overdraftApp.money.balance)} -> ${overdraftApp.ok ? "ok" : "FAILED"}`,
  );

  await orderUntilUndelivered(dbA, resellerA, app.base, Math.min(100, WEBHOOK_BATCH) + T.runs * WEBHOOK_BATCH);
  const webhooks = await webhookPhase(dbA, resellerA, app);

  // ---- B: the app on PGlite, its order runs alternating with the app on Postgres ------------------
  log("B. the app on PGlite, against the app on Postgres, runs alternating");
  const pgliteDir = path.join(scratch, "app-pglite");
  let resellerD: BenchReseller;
  let burstD: BenchReseller;
  {
    // The embedded database belongs to one process at a time: set it up before the server owns it.
    const dbD = openPglite(pgliteDir);
    await prepareSchema(dbD);
    resellerD = await createReseller(dbD, "1000000");
    burstD = await createReseller(dbD, formatMoney((await unitPrice(dbD, ORDER_SKU, "Silver")) * BigInt(OVERDRAFT_AFFORDABLE)));
    await addStock(dbD, ORDER_SKU, PGLITE_STOCK_CODES);
    await dbD.close();
  }
  const pgliteApp = await startApp("app-pglite", { DATA_DIR: pgliteDir });
  // On Postgres, a reseller as new as the PGlite one: the first has a webhook now, which would give
  // each of its orders deliveries to make. The database is vacuumed after the earlier phases' writes.
  const resellerPg = await createReseller(dbA, "1000000");
  await quiesce(dbA, "before the PGlite runs");
  await settleDatabase(dbA);
  const pglitePair = await measurePair(
    "orders",
    { name: "app on PGlite", server: pgliteApp, target: orderTarget(pgliteApp.base, { "X-API-Key": resellerD.apiKey }) },
    {
      name: "app on Postgres",
      server: app,
      target: orderTarget(app.base, { "X-API-Key": resellerPg.apiKey }),
      between: () => quiesce(dbA, "after an order run"),
    },
  );
  const burstStatuses = await overdraftBurst(pgliteApp.base, burstD.apiKey);
  await sleep(1_000);
  await pgliteApp.child.stop();
  await app.child.stop();
  const moneyApp = await checkMoney(dbA, resellerA.id);
  const moneyAppPglitePair = await checkMoney(dbA, resellerPg.id);
  const dbD = openPglite(pgliteDir);
  const moneyPglite = await checkMoney(dbD, resellerD.id);
  const overdraftPglite = judgeOverdraft(burstStatuses, await checkMoney(dbD, burstD.id));
  await dbD.close();
  log(
    `overdraft burst, PGlite: ${JSON.stringify(overdraftPglite.statuses)}, balance ${formatMoney(overdraftPglite.money.balance)} -> ${overdraftPglite.ok ? "ok" : "FAILED"}`,
  );

  // ---- C: the wrapper's own cost ---------------------------------------------------------------
  log("C. the API wrapper: the same route with and without it");
  await settleDatabase(dbA);
  const wrapper = await startScript("wrapper", "bench/wrapper-server.ts", {
    ...OBSERVED,
    DATABASE_URL: urlA,
    BENCH_USER_ID: resellerA.id,
    RATE_LIMIT_MULTIPLIER: "100000",
  });
  const { app: wrapped, baseline: bare } = await measurePair(
    "wrapper",
    { name: "wrapped", server: wrapper, target: { url: `${wrapper.base}/wrapped/${orderIdA}`, headers: authA } },
    { name: "bare", server: wrapper, target: { url: `${wrapper.base}/bare/${orderIdA}`, headers: authA } },
    WRAPPER_RUNS,
  );
  await wrapper.child.stop();

  // ---- D: first-load JavaScript --------------------------------------------------------------------
  const firstLoad = firstLoadJs(ROOT);
  const pageJs = panelJavaScript(firstLoad, panelRoutes(panelFiles(ROOT)));

  // ---- E: suppliers ----------------------------------------------------------------------------------
  const suppliers = await measureSupplierFigures({ quick: QUICK });

  return {
    date: new Date(startedAt).toISOString(),
    machine: { ...info, postgres: postgresServer, loadBefore, loadAfter: os.loadavg()[0], steal: stealShare(ticksBefore, machineCpuTicks()) },
    quick: QUICK,
    catalog: { ...catalog, sameResponse: sameCatalog },
    orders: {
      ...orders,
      pglite: pglitePair.app,
      pglitePostgres: pglitePair.baseline,
      moneyApp,
      moneyAppPglitePair,
      moneyBaseline,
      moneyPglite,
      overdraftApp,
      overdraftPglite,
    },
    status: { appPeak: statusPeak.app, baselinePeak: statusPeak.baseline, ...statusLatency },
    wrapper: { wrapped, bare },
    webhooks,
    firstLoad,
    pageJs,
    suppliers,
    seconds: Math.round((Date.now() - startedAt) / 1000),
  };
}

/**
 * The webhook batches deliver the events of the order runs. A slow machine makes fewer orders than
 * the batches need, so the missing ones are ordered through the API first, CONNECTIONS at a time.
 */
async function orderUntilUndelivered(database: ReturnType<typeof openPostgres>, reseller: BenchReseller, base: string, needed: number): Promise<void> {
  const missing = needed - (await undeliveredEvents(database, reseller.id, needed)).length;
  if (missing <= 0) return;
  log(`ordering ${missing} more gift cards, so the webhook batches have ${needed} events`);
  let next = 0;
  const failures: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < missing && failures.length === 0) {
        next++;
        const status = await orderGiftCard(base, reseller.apiKey);
        if (status !== 201) failures.push(status);
      }
    }),
  );
  if (failures.length > 0) throw new Error(`an order for the webhook batches was answered ${failures[0]}`);
  await quiesce(database, "after the orders for the webhook batches");
}

/** Deliveries through the app's inline worker to a receiver, then the raw loop to the same receiver. */
async function webhookPhase(database: ReturnType<typeof openPostgres>, reseller: BenchReseller, app: Server): Promise<WebhookResult> {
  const port = await freePort();
  const hookUrl = `http://127.0.0.1:${port}/hook`;
  const secret = await configureWebhook(database, reseller.id, hookUrl);
  const receiverChild = startChild("receiver", ["--import", "tsx", "bench/receiver.ts"], {
    env: childEnv({ PORT: String(port), WEBHOOK_SECRET: secret }),
    logFile: path.join(LOGS, "receiver.log"),
  });
  const receiver = `http://127.0.0.1:${port}`;
  await waitForHttp(`${receiver}/stats`, receiverChild);
  await quiesce(database, "before webhooks");

  let badSignatures = 0;
  let duplicates = 0;
  const batches: WebhookResult["worker"]["batches"] = [];
  const workerBatch = async (size: number) => {
    const events = await undeliveredEvents(database, reseller.id, size);
    if (events.length < size) throw new Error(`only ${events.length} undelivered events for a batch of ${size}`);
    await receiverReset(receiver);
    const before = sampleCpu(app.child.proc.pid);
    await enqueueDeliveries(
      database,
      reseller.id,
      events.map((e) => e.id),
    );
    const deadline = Date.now() + 120_000;
    let stats = await receiverStats(receiver);
    while (stats.count < size && Date.now() < deadline) {
      await sleep(100);
      stats = await receiverStats(receiver);
    }
    await quiesce(database, "webhook batch");
    const cpu = cpuPerRequest(before, sampleCpu(app.child.proc.pid), stats.count);
    const outcomes = await deliveryOutcomes(
      database,
      events.map((e) => e.id),
    );
    badSignatures += stats.badSignatures;
    duplicates += stats.duplicates;
    return { events, batch: { size, delivered: stats.count, rate: deliveryRate(stats), succeeded: outcomes.succeeded ?? 0, cpu } };
  };

  // The raw loop sends the bodies of the warm-up batch's events, exactly as the worker sent them.
  const warmUp = await workerBatch(Math.min(100, WEBHOOK_BATCH));
  const bodies = await eventBodies(database, warmUp.events);
  await rawDeliveryLoop(hookUrl, secret, bodies, T.warm);

  const rawRuns: number[] = [];
  const rawCpu: CpuSample[] = [];
  const rawRun = async () => {
    await receiverReset(receiver);
    const before = sampleCpu(undefined);
    const failed = await rawDeliveryLoop(hookUrl, secret, bodies, T.run);
    const stats = await receiverStats(receiver);
    rawCpu.push(cpuPerRequest(before, sampleCpu(undefined), stats.count));
    badSignatures += stats.badSignatures;
    if (failed) log(`raw loop: ${failed} deliveries failed`);
    rawRuns.push(deliveryRate(stats));
  };
  const workerRun = async () => {
    batches.push((await workerBatch(WEBHOOK_BATCH)).batch);
  };
  for (let i = 0; i < T.runs; i++) {
    for (const measure of pairOrder(i, workerRun, rawRun)) await measure();
  }

  const worker = { median: median(batches.map((b) => b.rate)), batches, cpu: medianCpu(batches.map((b) => b.cpu)) };
  log(
    `webhooks through the worker: ${batches.map((b) => `${b.rate.toFixed(0)}/s (${b.succeeded}/${b.size} recorded as succeeded)`).join(" | ")}; ${cpuText(worker.cpu)}`,
  );
  const raw = { median: median(rawRuns), runs: rawRuns, cpu: medianCpu(rawCpu) };
  log(`webhooks by the raw loop: ${rawRuns.map((r) => `${r.toFixed(0)}/s`).join(" | ")}; CPU/delivery of the loop ${raw.cpu.loadGenerator.toFixed(2)} ms`);
  await receiverChild.stop();
  return { worker, raw, badSignatures, duplicates };
}

// ---------------------------------------------------------------------------------------------------
// The report

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
/** A ratio rounded to whole percent, or to a tenth where whole percent would print the goal itself (79.6% as "80%"). */
const pctAgainst = (x: number, goal: number) => (pct(x) === pct(goal) && x !== goal ? `${(100 * x).toFixed(1)}%` : pct(x));
const timesAgainst = (x: number, goal: number) => (x.toFixed(1) === goal.toFixed(1) && x !== goal ? `${x.toFixed(2)}x` : `${x.toFixed(1)}x`);
const perSecond = (x: number) => `${x.toFixed(0)}/s`;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** Each pair's server CPU ms per request, app / baseline, in the order they ran. */
const cpuPairs = (app: Measured, baseline: Measured) =>
  app.runs.map((run, i) => `${run.cpu.server.toFixed(3)}/${baseline.runs[i]?.cpu.server.toFixed(3)}`).join(" ");
const cpuPair = (cpu: CpuSample) => `${cpu.server.toFixed(2)} + ${cpu.postgres.toFixed(2)}`;
const mark = (ok: boolean) => (ok ? "met" : "**missed**");

/** The supplier figures' rows of the table (issue 36's goals). */
function supplierRows({ chained, slowSupplier }: SupplierFigures): string[] {
  const lat = (summary: LatencySummary) => `median ${ms(summary.medianMs)}, p99 ${ms(summary.p99Ms)}`;
  return [
    `| order through a chained upstream (A buys from B, both this app), create to completed, ${chained.chained.count} orders | ${lat(chained.chained)} | ${lat(chained.direct)} (the same card ordered on B) | +${ms(chained.addedMedianMs)} at the median | <= +50 ms | ${mark(chained.addedMedianMs <= 50)} |`,
    `| one supplier answering in 500 ms, ${slowSupplier.inFlight} orders in flight for ${slowSupplier.seconds} s | ${slowSupplier.completedPerSecond.toFixed(1)} orders/s completed; stock orders p99 ${ms(slowSupplier.stockBeside.p99Ms)} beside it | stock orders p99 ${ms(slowSupplier.stockBesidePrompt.p99Ms)} beside as many orders a second of a supplier answering at once (${ms(slowSupplier.stockAlone.p99Ms)} alone: ${slowSupplier.p99RatioAlone.toFixed(2)}x) | ${timesAgainst(slowSupplier.p99Ratio, 1.5)} | stock p99 unchanged by the wait (<= 1.5x) | ${mark(slowSupplier.p99Ratio <= 1.5)} |`,
  ];
}

function render(report: Report): string {
  const { catalog, orders, status, wrapper, webhooks } = report;
  const rates = (measured: Measured) => measured.runs.map((r) => r.rate);
  // Each figure's runs, app side first, paired in the order they were measured.
  const pairs: Record<string, [number[], number[]]> = {
    catalog: [rates(catalog.app), rates(catalog.baseline)],
    orders: [rates(orders.app), rates(orders.baseline)],
    "wrapped/bare": [rates(wrapper.wrapped), rates(wrapper.bare)],
    webhooks: [webhooks.worker.batches.map((b) => b.rate), webhooks.raw.runs],
    PGlite: [rates(orders.pglite), rates(orders.pglitePostgres)],
  };
  const catalogRatio = pairedRatio(...pairs.catalog);
  const orderRatio = pairedRatio(...pairs.orders);
  const statusRatio = pairedRatio(rates(status.appPeak), rates(status.baselinePeak));
  const serverCpu = (measured: Measured) => measured.runs.map((r) => r.cpu.server);
  const cpu = {
    catalog: cpuFigure(serverCpu(catalog.app), serverCpu(catalog.baseline)),
    orders: cpuFigure(serverCpu(orders.app), serverCpu(orders.baseline)),
    status: cpuFigure(serverCpu(status.appPeak), serverCpu(status.baselinePeak)),
    wrapper: cpuFigure(serverCpu(wrapper.wrapped), serverCpu(wrapper.bare)),
  };
  /** A CPU row: the CPU per request of both, the ratio, and the throughput of both beside it. */
  const cpuRow = (label: string, figure: CpuFigure, app: Measured, baseline: Measured, share: number, unit: string, extra = "", ok = true) => {
    const cells = cpuCells(figure);
    return `| ${label}: server CPU per request | ${cells.app} (${app.median.toFixed(0)} ${unit}) | ${cells.baseline} (${baseline.median.toFixed(0)} ${unit}) | ${cells.result}${extra} (throughput ${pct(share)}) | <= ${GOALS.cpuRatio}x | ${mark(figure.met && ok)} |`;
  };
  const noOverdraft =
    orders.overdraftApp.ok &&
    orders.overdraftPglite.ok &&
    moneyConsistent(orders.moneyApp) &&
    moneyConsistent(orders.moneyAppPglitePair) &&
    moneyConsistent(orders.moneyBaseline) &&
    moneyConsistent(orders.moneyPglite);
  const latencyRatio = status.app.p99 / status.baseline.p99;
  const overhead = 1 - pairedRatio(...pairs["wrapped/bare"]);
  const webhookRatio = pairedRatio(...pairs.webhooks);
  const pgliteRatio = pairedRatio(...pairs.PGlite);
  const pairRatios = Object.entries(pairs)
    .map(([name, [a, b]]) => `${name} ${a.map((value, i) => (value / b[i]).toFixed(2)).join(" ")}`)
    .join("; ");
  const { pageJs } = report;

  const lines = [
    `Measured ${report.date.slice(0, 16).replace("T", " ")} UTC on ${report.machine.cpus} CPUs (${report.machine.model}), ${report.machine.memoryGiB} GiB, ` +
      `Node ${report.machine.node}, PostgreSQL ${report.machine.postgres}; app, baseline, database and load generator share the machine. ` +
      `${CONNECTIONS} connections, ${T.warm} s warm-up, ${T.runs} runs of ${T.run} s each (the wrapper's: ${WRAPPER_RUNS.runs} of ${WRAPPER_RUNS.seconds} s; each paced run's: ${PACED_WARM_SECONDS} s at its rate first), alternating in pairs; rates are medians, ratios the median of the pairs' ratios; the whole run took ${report.seconds} s ` +
      `(load average ${report.machine.loadBefore.toFixed(2)} before, ${report.machine.loadAfter.toFixed(2)} after` +
      (Number.isNaN(report.machine.steal) ? "" : `; ${pct(report.machine.steal)} of the CPU time stolen by the hypervisor`) +
      `). The app and the wrapper's wrapped path ran as production does: logs at ${OBSERVED.LOG_LEVEL} (JSON lines to a file), metrics on (METRICS_TOKEN set). ` +
      `Server CPU per request against the baseline is the primary ratio (median of the pairs' ratios); throughput is beside it.` +
      (report.quick ? " QUICK run: these figures are noise." : ""),
    "",
    "| figure | app | baseline | result | goal | |",
    "|---|---|---|---|---|---|",
    cpuRow("`GET /api/v2/catalog`", cpu.catalog, catalog.app, catalog.baseline, catalogRatio, "req/s"),
    cpuRow(
      "`POST /api/v2/order` (stock gift card)",
      cpu.orders,
      orders.app,
      orders.baseline,
      orderRatio,
      "orders/s",
      noOverdraft ? ", 0 overdrafts" : ", **overdraft or ledger mismatch**",
      noOverdraft,
    ),
    cpuRow("`GET /api/v2/order/{id}`", cpu.status, status.appPeak, status.baselinePeak, statusRatio, "req/s"),
    `| \`GET /api/v2/order/{id}\` p99 at ${status.app.rate} req/s (half the app's peak of ${perSecond(status.appPeak.median)}) | ${ms(status.app.p99)} | ${ms(status.baseline.p99)} | ${timesAgainst(latencyRatio, GOALS.statusP99Ratio)} | <= ${GOALS.statusP99Ratio}x | ${mark(latencyRatio <= GOALS.statusP99Ratio)} |`,
    `| auth + rate limit + validation overhead (\`GET /api/v2/order/{id}\`), logs at info and metrics on | ${perSecond(wrapper.wrapped.median)} wrapped | ${perSecond(wrapper.bare.median)} bare | ${pctAgainst(overhead, GOALS.wrapperOverhead)} of throughput (server CPU ${times(cpu.wrapper.ratio)}) | <= ${pct(GOALS.wrapperOverhead)} | ${mark(overhead <= GOALS.wrapperOverhead)} |`,
    `| webhook deliveries/s to a local receiver, against a raw signed undici loop | ${perSecond(webhooks.worker.median)} | ${perSecond(webhooks.raw.median)} | ${pctAgainst(webhookRatio, GOALS.webhookShare)} | >= ${pct(GOALS.webhookShare)} | ${mark(webhookRatio >= GOALS.webhookShare)} |`,
    `| PGlite mode, order create | ${perSecond(orders.pglite.median)} | ${perSecond(orders.pglitePostgres.median)} (Postgres mode, runs alternating) | ${pctAgainst(pgliteRatio, 0.4)} | >= 40% | ${mark(pgliteRatio >= 0.4)} |`,
    `| JavaScript a panel page loads above the framework's runtime (${kB(report.firstLoad.sharedBytes)}), gzip | ${pageJs.lightest && pageJs.heaviest ? `${kB(pageJs.lightest.aboveFloorBytes)} to ${kB(pageJs.heaviest.aboveFloorBytes)} (worst: ${pageJs.heaviest.route})` : "-"} | - | ${pageJs.over} of ${pageJs.pages.length} pages over | <= ${kB(PAGE_GOALS.aboveFloorBytes)} on every page | ${mark(pageJs.met)} |`,
    ...supplierRows(report.suppliers),
    "",
    "<details><summary>Every run</summary>",
    "",
    "```",
    `catalog        app ${catalog.app.runs.map(describeRun).join(", ")}; baseline ${catalog.baseline.runs.map(describeRun).join(", ")}; same response bytes: ${catalog.sameResponse ? "yes" : "NO"}`,
    `orders         app ${orders.app.runs.map(describeRun).join(", ")}; baseline ${orders.baseline.runs.map(describeRun).join(", ")}; PGlite ${orders.pglite.runs.map(describeRun).join(", ")} against app on Postgres ${orders.pglitePostgres.runs.map(describeRun).join(", ")}`,
    `order status   peak app ${status.appPeak.runs.map(describeRun).join(", ")}, baseline ${status.baselinePeak.runs.map(describeRun).join(", ")}`,
    `               at ${status.app.rate}/s p50/p99/max app ${status.app.runs.map((r) => `${r.p50.toFixed(1)}/${r.p99.toFixed(1)}/${r.max.toFixed(1)} ms`).join(", ")}; baseline ${status.baseline.runs.map((r) => `${r.p50.toFixed(1)}/${r.p99.toFixed(1)}/${r.max.toFixed(1)} ms`).join(", ")}`,
    `               connections opened while measuring (beyond the ${CONNECTIONS} opened first): app ${status.app.runs.map((r) => r.newConnections).join(", ")}; baseline ${status.baseline.runs.map((r) => r.newConnections).join(", ")}`,
    `wrapper        wrapped ${wrapper.wrapped.runs.map(describeRun).join(", ")}; bare ${wrapper.bare.runs.map(describeRun).join(", ")}`,
    `pair ratios    ${pairRatios}`,
    `webhooks       worker ${webhooks.worker.batches.map((b) => `${b.rate.toFixed(0)}/s (${b.delivered} received, ${b.succeeded} recorded)`).join(", ")}; raw ${webhooks.raw.runs.map(perSecond).join(", ")}; bad signatures ${webhooks.badSignatures}, duplicates ${webhooks.duplicates}`,
    `server CPU     per request, app / baseline, each pair: catalog ${cpuPairs(catalog.app, catalog.baseline)}; orders ${cpuPairs(orders.app, orders.baseline)}; order status ${cpuPairs(status.appPeak, status.baselinePeak)}; wrapped / bare ${cpuPairs(wrapper.wrapped, wrapper.bare)}`,
    `CPU ms/request server + Postgres: catalog app ${cpuPair(catalog.app.cpu)}, baseline ${cpuPair(catalog.baseline.cpu)}; orders app ${cpuPair(orders.app.cpu)}, baseline ${cpuPair(orders.baseline.cpu)}, PGlite ${cpuPair(orders.pglite.cpu)}`,
    `               order status app ${cpuPair(status.appPeak.cpu)}, baseline ${cpuPair(status.baselinePeak.cpu)}; wrapped ${cpuPair(wrapper.wrapped.cpu)}, bare ${cpuPair(wrapper.bare.cpu)}; webhook worker ${cpuPair(webhooks.worker.cpu)}, raw loop ${webhooks.raw.cpu.loadGenerator.toFixed(2)} (its own process)`,
    `overdraft      ${OVERDRAFT_SENT} orders at once on a balance for ${OVERDRAFT_AFFORDABLE}: Postgres ${JSON.stringify(orders.overdraftApp.statuses)} balance ${formatMoney(orders.overdraftApp.money.balance)}; PGlite ${JSON.stringify(orders.overdraftPglite.statuses)} balance ${formatMoney(orders.overdraftPglite.money.balance)}`,
    `ledger         ${[
      ["app", orders.moneyApp],
      ["app against PGlite", orders.moneyAppPglitePair],
      ["baseline", orders.moneyBaseline],
      ["PGlite", orders.moneyPglite],
    ]
      .map(([name, m]) => {
        const money = m as MoneyCheck;
        return `${name}: ${money.orders} orders, balance ${formatMoney(money.balance)} = ledger ${formatMoney(money.ledgerSum)}, ${money.codesHandedOut} codes`;
      })
      .join("; ")}`,
    "```",
    "",
    "</details>",
    "",
    `JavaScript each panel page loads above the framework's runtime, gzip -9 (issue 43's goal: at most ${kB(PAGE_GOALS.aboveFloorBytes)}). The runtime, ${kB(report.firstLoad.sharedBytes)}, is what every page loads (Next's rootMainFiles: React, the router, Turbopack's loader); above it are the layout router's chunk, the root error page, and the page's own and its layouts' client code:`,
    "",
    "| page | kB gzip | | page | kB gzip |",
    "|---|---|---|---|---|",
  ];
  const pages = pageJs.pages;
  const cell = (bytes: number) => (bytes > PAGE_GOALS.aboveFloorBytes ? `**${(bytes / 1000).toFixed(1)}**` : (bytes / 1000).toFixed(1));
  const half = Math.ceil(pages.length / 2);
  for (let i = 0; i < half; i++) {
    const left = pages[i];
    const right = pages[i + half];
    lines.push(`| \`${left.route}\` | ${cell(left.aboveFloorBytes)} | | ${right ? `\`${right.route}\`` : ""} | ${right ? cell(right.aboveFloorBytes) : ""} |`);
  }
  return lines.join("\n") + "\n";
}

/** `--only suppliers`: the supplier figures alone, printed as their rows of the table. */
async function mainSuppliers(): Promise<string> {
  const info = machine();
  log(`${info.cpus} CPUs (${info.model}), Node ${info.node}, load average ${os.loadavg()[0].toFixed(2)}${QUICK ? "; QUICK run: the figures are noise" : ""}`);
  await ensureBuild();
  const figures = await measureSupplierFigures({ quick: QUICK });
  return [
    `Measured ${new Date(startedAt).toISOString().slice(0, 16).replace("T", " ")} UTC on ${info.cpus} CPUs (${info.model}), Node ${info.node}; the supplier figures alone (--only suppliers).${QUICK ? " QUICK run: these figures are noise." : ""}`,
    "",
    "| figure | app | baseline | result | goal | |",
    "|---|---|---|---|---|---|",
    ...supplierRows(figures),
    "",
  ].join("\n");
}

if (argv.includes("--pages")) runPagesFromCli(argv);
else if (ONLY_SUPPLIERS) {
  mainSuppliers()
    .then(async (markdown) => {
      await cleanupAll();
      mkdirSync(OUT, { recursive: true });
      writeFileSync(path.join(OUT, "suppliers.md"), markdown);
      console.log(`\n${markdown}\nwritten to bench-results/suppliers.md`);
      process.exit(0);
    })
    .catch(async (error) => {
      console.error("[bench] failed:", error);
      console.error(`[bench] server logs: ${LOGS}`);
      await cleanupAll();
      process.exit(1);
    });
} else
  main()
    .then(async (report) => {
      await cleanupAll();
      const markdown = render(report);
      mkdirSync(OUT, { recursive: true });
      writeFileSync(path.join(OUT, "latest.md"), markdown);
      writeFileSync(
        path.join(OUT, "latest.json"),
        JSON.stringify(report, (_key, value) => (typeof value === "bigint" ? value.toString() : value), 2),
      );
      console.log(`\n${markdown}\nwritten to bench-results/latest.md (and latest.json)`);
      process.exit(0);
    })
    .catch(async (error) => {
      console.error("[bench] failed:", error);
      console.error(`[bench] server logs: ${LOGS}`);
      await cleanupAll();
      process.exit(1);
    });
