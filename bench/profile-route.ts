/*
 * Profiles one benchmarked route of the app: a fresh Postgres database made as `npm run bench` makes
 * it, the app started with --cpu-prof, a warm-up, then load on that one route for a while; the app is
 * stopped (which writes the profile) and the profile summarised by self time.
 *
 *   node --import tsx bench/profile-route.ts order [--seconds 20] [--server app|baseline|wrapped|bare|pglite]
 *   (routes: catalog, order, status, webhooks; BENCH_WORKER=off starts the app without its inline worker)
 *
 * The profile stays in bench-results/profiles/<server>/ for a closer look (Chrome DevTools, speedscope).
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
  PROFILES,
  scratch,
  startApp,
  startScript,
  type Server,
} from "./lib/harness";
import { readdirSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import {
  addStock,
  configureWebhook,
  createReseller,
  enqueueDeliveries,
  openPglite,
  openPostgres,
  ORDER_SKU,
  pendingJobs,
  prepareSchema,
  someOrderId,
  undeliveredEvents,
} from "./lib/fixtures";
import { throughput, type Target } from "./lib/load";
import { freePort, sleep, startChild, waitForHttp } from "./lib/procs";

const args = process.argv.slice(2);
const route = args.find((arg) => !arg.startsWith("--") && !/^\d+$/.test(arg)) ?? "order";
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const seconds = Number(option("seconds") ?? 20);
const serverKind = option("server") ?? "app";
if (!["catalog", "order", "status", "webhooks"].includes(route)) throw new Error(`unknown route ${route}: catalog, order, status or webhooks`);
if (!["app", "baseline", "wrapped", "bare", "pglite"].includes(serverKind))
  throw new Error(`unknown server ${serverKind}: app, baseline, wrapped, bare or pglite`);
if (serverKind === "pglite" && route !== "order") throw new Error("the PGlite app is profiled on the order route only");
if ((serverKind === "wrapped" || serverKind === "bare") && route !== "status") throw new Error("the wrapper server serves the status route only");

installStopHandlers(10 * 60_000);
enableProfiling();

async function main() {
  const name = `${serverKind}-${route}`;
  if (serverKind === "pglite") {
    // The embedded database belongs to one process at a time: set it up before the server owns it.
    const dataDir = path.join(scratch, "profile-pglite");
    const embedded = openPglite(dataDir);
    await prepareSchema(embedded);
    const buyer = await createReseller(embedded, "1000000");
    await addStock(embedded, ORDER_SKU, 8_000);
    await embedded.close();
    const app = await startApp(name, { DATA_DIR: dataDir });
    const target: Target = {
      url: `${app.base}/api/v2/order`,
      method: "POST",
      headers: { "X-API-Key": buyer.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ sku: ORDER_SKU }),
    };
    await throughput(target, { connections: 10, seconds: 3 });
    const result = await throughput(target, { connections: 10, seconds });
    log(`${name}: ${result.rate.toFixed(0)}/s over ${seconds} s (${result.ok} ok, other ${JSON.stringify(result.other)})`);
    await app.child.stop();
    summarise(name);
    return;
  }

  const url = await createDatabase("profile");
  const database = openPostgres(url);
  onCleanup("database pool", () => database.close());
  await prepareSchema(database);
  const reseller = await createReseller(database, "1000000");
  // As in `npm run bench`, the catalog is measured on the demo stock, before the order runs add theirs.
  if (route !== "catalog") await addStock(database, ORDER_SKU, 20_000);
  const auth = { "X-API-Key": reseller.apiKey };

  let server: Server;
  if (serverKind === "app") server = await startApp(name, { DATABASE_URL: url, WORKER: process.env.BENCH_WORKER ?? "inline" });
  else if (serverKind === "baseline") server = await startScript(name, "bench/baseline-server.ts", { DATABASE_URL: url, BENCH_USER_ID: reseller.id });
  else
    server = await startScript(name, "bench/wrapper-server.ts", {
      ...OBSERVED,
      DATABASE_URL: url,
      BENCH_USER_ID: reseller.id,
      RATE_LIMIT_MULTIPLIER: "100000",
    });

  const order: Target = {
    url: `${server.base}/api/v2/order`,
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ sku: ORDER_SKU }),
  };
  let target: Target = order;
  if (route === "catalog") target = { url: `${server.base}/api/v2/catalog`, headers: auth };
  if (route === "status") {
    if (serverKind === "wrapped" || serverKind === "bare") {
      const app = await startApp("orders-for-status", { DATABASE_URL: url, WORKER: "off" });
      await throughput({ ...order, url: `${app.base}/api/v2/order` }, { connections: 2, seconds: 1 });
      await app.child.stop();
    } else {
      await throughput(order, { connections: 2, seconds: 1 });
    }
    const orderId = await someOrderId(database, reseller.id);
    target = {
      url: serverKind === "wrapped" || serverKind === "bare" ? `${server.base}/${serverKind}/${orderId}` : `${server.base}/api/v2/order/${orderId}`,
      headers: auth,
    };
  }

  if (route === "webhooks") {
    // Events from a few seconds of orders, then all of their deliveries through the inline worker.
    await throughput(order, { connections: 10, seconds: Math.max(3, Math.round(seconds / 3)) });
    const port = await freePort();
    const secret = await configureWebhook(database, reseller.id, `http://127.0.0.1:${port}/hook`);
    const receiver = startChild("receiver", ["--import", "tsx", "bench/receiver.ts"], {
      env: childEnv({ PORT: String(port), WEBHOOK_SECRET: secret }),
      logFile: path.join(LOGS, "receiver.log"),
    });
    await waitForHttp(`http://127.0.0.1:${port}/stats`, receiver);
    const events = await undeliveredEvents(database, reseller.id, 100_000);
    const started = Date.now();
    await enqueueDeliveries(
      database,
      reseller.id,
      events.map((e) => e.id),
    );
    while ((await pendingJobs(database)) > 0 && Date.now() - started < 300_000) await sleep(250);
    log(`${events.length} deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    await throughput(target, { connections: 10, seconds: 3 });
    const result = await throughput(target, { connections: 10, seconds });
    log(`${name}: ${result.rate.toFixed(0)}/s over ${seconds} s (${result.ok} ok, other ${JSON.stringify(result.other)})`);
  }
  await server.child.stop();
  summarise(name);
}

/** Prints the top of the server's main-thread profile. */
function summarise(name: string) {
  const dir = path.join(PROFILES, name);
  const main = readdirSync(dir)
    .filter((file) => file.endsWith(".cpuprofile"))
    .map((file) => path.join(dir, file))
    .sort()[0];
  spawnSync(process.execPath, ["--import", "tsx", "bench/profile-summary.ts", main, "--top", "30"], { stdio: "inherit" });
}

main()
  .then(() => cleanupAll())
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error("[bench] failed:", error);
    await cleanupAll();
    process.exit(1);
  });
