import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import next from "next";
import { config, ConfigError } from "@/lib/config/env";
import { checkStoredKey, EncryptionKeyMismatchError } from "@/lib/crypto/check-stored-key";
import { database } from "@/lib/db/client";
import { acquireDataDirLock, DataDirBusyError } from "@/lib/db/data-dir-lock";
import { migrateDatabase } from "@/lib/db/migrate";
import "@/lib/jobs/handlers";
import { scheduleRecurringJobs } from "@/lib/jobs/recurring";
import { startWorker } from "@/lib/jobs/worker";
import { CLIENT_IP_HEADER, resolveClientIp } from "@/lib/http/client-ip";
import { rateLimitStore } from "@/lib/ratelimit/limiter";
import { dropUntrustedForwarding } from "@/lib/http/forwarded-headers";
import { DEMO, seedDemo } from "@/lib/seed/demo-seed";
import { refuseSandboxSupplierInProduction } from "@/lib/fulfilment/sandbox-guard";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { dispatchApiRequest } from "./api-dispatch";
import { loadApiRoutes } from "./api-routes";
import { keepNativeDate } from "./native-date";
import { buildIsStale } from "./build-freshness";
import { answerClientError } from "./client-error";
import { tidyApiSlashes } from "./api-slashes";
import { answerHealth } from "./health";
import { drainServer } from "./drain";
import { refuseMalformedPath } from "./malformed-path";

const dev = process.argv.includes("--dev");
// The app runs where it may have no internet; Next's anonymous telemetry would only time out.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
// Development checks every API answer against its schema, as the tests do (lib/api/response-check.ts).
if (dev) process.env.CHECK_API_RESPONSES ??= "1";

/** How long a stop waits for requests in progress: inside the 30 s most process managers give before SIGKILL. */
const SHUTDOWN_GRACE_MS = 25_000;
/** How long an idle keep-alive connection stays open: past the 60 s of load balancers and client pools. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function log(line: string) {
  console.log(`[server] ${line}`);
}

async function main() {
  const cfg = config();
  const embedded = !cfg.DATABASE_URL;
  const releaseLock = embedded ? acquireDataDirLock(cfg.dataDir, "server") : () => {};

  const { db } = database();
  await migrateDatabase(database());
  await checkStoredKey(db);
  await ensureTariffs(db);
  if (embedded && (await seedDemo(db)).created) log("seeded the demo catalog, tariffs and accounts");
  await refuseSandboxSupplierInProduction(db);

  if (!dev && buildIsStale(process.cwd())) {
    log("building the panel (first start, or the sources changed) ...");
    const build = spawnSync(process.execPath, [createRequire(import.meta.url).resolve("next/dist/bin/next"), "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }

  // next-auth takes the origin from the Host header the request came with.
  process.env.AUTH_TRUST_HOST ??= "1";
  const restoreNativeDate = keepNativeDate();
  const app = next({ dev, dir: process.cwd(), hostname: "0.0.0.0", port: cfg.PORT });
  await app.prepare();
  restoreNativeDate();
  const handle = app.getRequestHandler();
  // In development Next serves the API too, so that edits to a route reload.
  const apiRoutes = dev ? [] : await loadApiRoutes(path.join(process.cwd(), "app", "api"));

  let stopping = false;
  const health = { db, rateLimits: cfg.REDIS_URL ? rateLimitStore() : null, stopping: () => stopping };
  const server = createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = resolveClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], cfg.TRUST_PROXY);
    dropUntrustedForwarding(req.headers, cfg.TRUST_PROXY);
    tidyApiSlashes(req);
    if (answerHealth(req, res, health) || refuseMalformedPath(req, res) || dispatchApiRequest(apiRoutes, req, res)) return;
    void handle(req, res);
  });
  server.on("clientError", answerClientError);
  // A load balancer or client pool keeps an idle connection for up to a minute (60 s is the usual
  // default of load balancers), and sends on it without knowing Node's 5 s default closed it: the
  // request is reset (ECONNRESET, a 502 at the balancer). The server now outlasts them; its headers
  // timeout must be the longer of the two, or Node cuts a kept connection's next request.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  await new Promise<void>((resolve) => server.listen(cfg.PORT, resolve));

  const worker = cfg.WORKER === "inline" ? startWorker({ db, log: (line) => console.log(`[worker] ${line}`) }) : null;
  if (worker) await scheduleRecurringJobs(db);

  log(`panel and API on http://localhost:${cfg.PORT} (${embedded ? `embedded database in ${cfg.dataDir}` : "Postgres"}, worker ${cfg.WORKER})`);
  if (embedded) {
    log(`demo admin:    ${DEMO.admin.email} / ${DEMO.admin.password}`);
    log(`demo reseller: ${DEMO.reseller.email} / ${DEMO.reseller.password}`);
    log(`demo API key:  ${DEMO.apiKey}`);
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the requests in progress, then stopping`);
    await drainServer(server, SHUTDOWN_GRACE_MS);
    await worker?.stop();
    await database().close();
    releaseLock();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError || error instanceof EncryptionKeyMismatchError) console.error(error.message);
  else console.error("[server] failed to start:", error);
  process.exit(1);
});
