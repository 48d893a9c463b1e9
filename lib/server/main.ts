import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { isIPv6 } from "node:net";
import { fileURLToPath } from "node:url";
import next from "next";
import { config, ConfigError } from "@/lib/config/env";
import { checkStoredKey, EncryptionKeyMismatchError } from "@/lib/crypto/check-stored-key";
import { database } from "@/lib/db/client";
import { acquireDataDirLock, DataDirBusyError } from "@/lib/db/data-dir-lock";
import { migrateDatabase } from "@/lib/migrations/migrate";
import "@/lib/jobs/handlers";
import { scheduleRecurringJobs } from "@/lib/jobs/recurring";
import { defaultWorkerId, startWorker } from "@/lib/jobs/worker";
import { CLIENT_IP_HEADER, resolveClientIp } from "@/lib/http/client-ip";
import { rateLimitStore } from "@/lib/ratelimit/limiter";
import { dropUntrustedForwarding } from "@/lib/http/forwarded-headers";
import { refuseDemoCredentialsInProduction } from "@/lib/seed/demo-guard";
import { DEMO, seedDemo } from "@/lib/seed/demo-seed";
import { refuseSandboxSupplierInProduction } from "@/lib/fulfilment/sandbox-guard";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { dispatchApiRequest } from "./api-dispatch";
import { loadApiRoutes, type ApiRoute } from "./api-routes";
import { keepNativeDate } from "./native-date";
import { startSteps } from "./start-steps";
import { answerClientError, refuseMissingHost } from "./client-error";
import { tidyApiSlashes } from "./api-slashes";
import { answerHealth } from "./health";
import { startHeartbeat, thisProcess } from "./instances";
import { drainable } from "./drain";
import { stopOnSignal } from "./shutdown";
import { refuseMalformedPath } from "./malformed-path";
import { refuseMethodNextCannotServe } from "./next-methods";
import { componentLogger } from "@/lib/observability/logger";
import { answerMetrics, serveMetricsPort } from "./metrics-endpoint";
import { EchoingResponse } from "@/lib/observability/echoing-response";
import { observeRequest } from "@/lib/observability/request-observer";
import { loadRouteTemplates } from "@/lib/observability/route-templates";
import { startTracing, stopTracing } from "@/lib/observability/tracing";
import { watchDatabaseGauges } from "@/lib/observability/database-gauges";

const dev = process.argv.includes("--dev");
// The app runs where it may have no internet; Next's anonymous telemetry would only time out.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
// Development checks every API answer against its schema, as the tests do (lib/api/response-check.ts).
if (dev) process.env.CHECK_API_RESPONSES ??= "1";
// Development reads its log in a terminal; production's goes to a collector as JSON lines.
if (dev) process.env.LOG_FORMAT ??= "pretty";

/** How long a stop waits for requests in progress: inside the 30 s most process managers give before SIGKILL. */
const SHUTDOWN_GRACE_MS = 25_000;
/** What the database close and the rest may add before the stop gives up waiting. */
const SHUTDOWN_MARGIN_MS = 2_500;
/** How long an idle keep-alive connection stays open: past the 60 s of load balancers and client pools. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const serverLog = componentLogger("server");
function log(line: string) {
  serverLog.info(line);
}

async function main() {
  const cfg = config();
  if (await startTracing("reseller-panel")) log(`exporting traces to ${cfg.OTEL_EXPORTER_OTLP_ENDPOINT}`);
  const embedded = !cfg.DATABASE_URL;
  const releaseLock = embedded ? acquireDataDirLock(cfg.dataDir, "server") : () => {};

  const { db } = database();
  // What the start waits on runs side by side where nothing orders it: the database's steps wait on
  // Postgres (and on another instance's migrations), Next's on the disk and the CPU. One after the
  // other, they added up to most of a restart's time to a healthy /api/health under load.
  const steps = startSteps();
  const databaseReady = (async () => {
    await steps.time("migrations", () => migrateDatabase(database()));
    await steps.time("key check", () => checkStoredKey(db));
    await steps.time("demo credentials check", () => refuseDemoCredentialsInProduction(db, cfg));
    await steps.time("tariffs", () => ensureTariffs(db));
    if (embedded && (await steps.time("demo seed", () => seedDemo(db))).created) log("seeded the demo catalog, tariffs and accounts");
    await steps.time("sandbox supplier check", () => refuseSandboxSupplierInProduction(db));
  })();
  const panelReady = (async () => {
    // next-auth takes the origin from the Host header the request came with.
    process.env.AUTH_TRUST_HOST ??= "1";
    const restoreNativeDate = keepNativeDate();
    const app = next({ dev, dir: process.cwd(), hostname: cfg.HOST ?? "0.0.0.0", port: cfg.PORT });
    await steps.time("next prepare", () => app.prepare());
    restoreNativeDate();
    return app;
  })();
  const [, app] = await Promise.all([databaseReady, panelReady]);
  const handle = app.getRequestHandler();

  let stopping = false;
  const observed = { trustProxy: cfg.TRUST_PROXY, routeOf: loadRouteTemplates(process.cwd()) };
  const health = { db, rateLimits: cfg.REDIS_URL ? rateLimitStore() : null, stopping: () => stopping };
  // Until the server's own dispatch has loaded its routes (below), Next serves every API call.
  let apiRoutes: ApiRoute[] = [];
  // Node's bare 400 to a request without Host gives way to refuseMissingHost's error body.
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    if (refuseMissingHost(req, res) || answerHealth(req, res, health) || answerMetrics(req, res, cfg.METRICS_TOKEN) || refuseMalformedPath(req, res)) return;
    if (dispatchApiRequest(apiRoutes, req, res) || refuseMethodNextCannotServe(req, res)) return;
    void handle(req, res);
  };
  const server = createServer({ requireHostHeader: false, ServerResponse: EchoingResponse }, (req, res) => {
    req.headers[CLIENT_IP_HEADER] = resolveClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], cfg.TRUST_PROXY);
    dropUntrustedForwarding(req.headers, cfg.TRUST_PROXY);
    tidyApiSlashes(req);
    observeRequest(req, res, observed, () => serve(req, res));
  });
  server.on("clientError", answerClientError);
  const drainer = drainable(server);
  // A load balancer or client pool keeps an idle connection for up to a minute (60 s is the usual
  // default of load balancers), and sends on it without knowing Node's 5 s default closed it: the
  // request is reset (ECONNRESET, a 502 at the balancer). The server now outlasts them; its headers
  // timeout must be the longer of the two, or Node cuts a kept connection's next request.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  await new Promise<void>((resolve) => server.listen(cfg.PORT, cfg.HOST, resolve));
  log(steps.summary());
  // The server's own dispatch of API-key calls (lib/server/api-dispatch.ts) loads every route module,
  // seconds of a start under load. Next serves those routes too, so the instance listens without it
  // and takes the calls over once it is loaded. In development Next serves the API, so that edits reload.
  if (!dev) {
    const loading = performance.now();
    // Beside this file's own place: the sources' app/api under tsx, the compiled one under dist.
    loadApiRoutes(fileURLToPath(new URL("../../app/api", import.meta.url))).then(
      (loaded) => {
        apiRoutes = loaded;
        log(`API routes loaded ${Math.round(performance.now() - loading)} ms after listening; Next served them until then`);
      },
      (error: unknown) => serverLog.error({ err: error }, "the API routes could not be loaded; Next serves them"),
    );
  }

  const workerLog = componentLogger("worker");
  const worker = cfg.WORKER === "inline" ? startWorker({ db, log: (line) => workerLog.info(line) }) : null;
  const stopGauges = watchDatabaseGauges(db);
  const metricsServer = cfg.METRICS_PORT ? await serveMetricsPort(cfg.METRICS_PORT, cfg.HOST) : null;
  if (metricsServer) log(`metrics on http://${cfg.HOST ?? "0.0.0.0"}:${cfg.METRICS_PORT}/metrics`);
  if (worker) await scheduleRecurringJobs(db);
  const heartbeat = startHeartbeat(db, thisProcess(defaultWorkerId(), "server"), log);

  // Where a browser on this machine finds it: a wildcard bind is not an address to browse.
  const host = !cfg.HOST || cfg.HOST === "0.0.0.0" || cfg.HOST === "::" ? "localhost" : isIPv6(cfg.HOST) ? `[${cfg.HOST}]` : cfg.HOST;
  const where = `listening on ${cfg.HOST ?? "all interfaces"}`;
  log(`panel and API on http://${host}:${cfg.PORT} (${where}; ${embedded ? `embedded database in ${cfg.dataDir}` : "Postgres"}, worker ${cfg.WORKER})`);
  if (embedded) {
    log(`demo admin:    ${DEMO.admin.email} / ${DEMO.admin.password}`);
    log(`demo reseller: ${DEMO.reseller.email} / ${DEMO.reseller.password}`);
    // No key is ever written to the log, the demo's included: the README's table has it whole.
    log(`demo API key:  ${DEMO.apiKey.slice(0, 12)}... (the whole key is in the README)`);
  }
  if (!cfg.SMTP_URL && embedded)
    log(`mail: no SMTP_URL, so password resets and other mail are kept for the admin: sign in as admin and open http://${host}:${cfg.PORT}/admin/outbox`);
  // A real deployment whose mail goes nowhere: resets and confirmations would never reach anyone.
  if (!cfg.SMTP_URL && !embedded)
    serverLog.warn(
      "mail: SMTP_URL is not set, so no mail leaves the panel (password resets, address confirmations): it is kept on the admin's Outbox page. Set SMTP_URL and MAIL_FROM.",
    );

  const shutdown = stopOnSignal({
    graceMs: SHUTDOWN_GRACE_MS,
    marginMs: SHUTDOWN_MARGIN_MS,
    inProgress: "requests",
    stop: async () => {
      stopping = true;
      // The worker stops beside the drain: its jobs are told to give up at once, and one that does not
      // is left to its lease, which another worker takes over, rather than holding the stop.
      await Promise.all([drainer.drain(SHUTDOWN_GRACE_MS), worker?.stop(SHUTDOWN_GRACE_MS)]);
      stopGauges();
      metricsServer?.close();
      await heartbeat.stop();
      await Promise.all([database().close(), stopTracing()]);
    },
    release: releaseLock,
    exit: (code) => process.exit(code),
    log,
  });
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error) => {
  // A refusal to start is read by a person at a terminal: the message alone, as it was written.
  if (error instanceof ConfigError || error instanceof DataDirBusyError || error instanceof EncryptionKeyMismatchError) console.error(error.message);
  else serverLog.fatal({ err: error }, "failed to start");
  process.exit(1);
});
