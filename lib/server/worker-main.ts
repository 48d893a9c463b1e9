// The entry of `npm run worker`: a job worker in its own process, next to servers that share its Postgres.
import { config, ConfigError } from "@/lib/config/env";
import { checkStoredKey, EncryptionKeyMismatchError } from "@/lib/crypto/check-stored-key";
import { database } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { refuseSandboxSupplierInProduction } from "@/lib/fulfilment/sandbox-guard";
import { startWorker } from "@/lib/jobs/worker";
import { startHeartbeat, thisProcess } from "@/lib/server/instances";
import { stopOnSignal } from "@/lib/server/shutdown";
import { serveMetricsPort } from "@/lib/server/metrics-endpoint";
import { watchDatabaseGauges } from "@/lib/observability/database-gauges";
import { componentLogger } from "@/lib/observability/logger";
import { startTracing, stopTracing } from "@/lib/observability/tracing";
import { startWorkerHealth } from "@/lib/server/worker-health";

/** Inside the 30 s most process managers give before SIGKILL, with the database's close after it. */
const WORKER_STOP_MS = 20_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const workerLog = componentLogger("worker");
let cfg: ReturnType<typeof config>;
try {
  cfg = config();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const databaseUrl = cfg.DATABASE_URL;
if (!databaseUrl) {
  fail("npm run worker needs DATABASE_URL: the embedded database belongs to the server process, which runs the worker itself (WORKER=inline)");
}

const shared = database();
await migrateDatabase(shared);
try {
  await checkStoredKey(shared.db);
} catch (error) {
  if (error instanceof EncryptionKeyMismatchError) fail(error.message);
  throw error;
}
await refuseSandboxSupplierInProduction(shared.db).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
// Handler modules may read the configuration as they load, so they come after the checks above.
await import("@/lib/jobs/handlers");
await startTracing("reseller-panel-worker");
const worker = startWorker({ db: shared.db, log: (line) => workerLog.info(line) });
const heartbeat = startHeartbeat(shared.db, thisProcess(worker.workerId, "worker"), (line) => workerLog.info(`job worker ${worker.workerId}: ${line}`));
const health = cfg.WORKER_HEALTH_PORT
  ? await startWorkerHealth({ worker, port: cfg.WORKER_HEALTH_PORT, host: cfg.HOST }).catch((error: unknown) =>
      fail(`the worker's health endpoint could not listen on port ${cfg.WORKER_HEALTH_PORT}: ${(error as Error).message}`),
    )
  : null;
const stopGauges = watchDatabaseGauges(shared.db);
const metricsServer = cfg.METRICS_PORT
  ? await serveMetricsPort(cfg.METRICS_PORT, cfg.HOST).catch((error: unknown) =>
      fail(`the worker's metrics could not listen on port ${cfg.METRICS_PORT}: ${(error as Error).message}`),
    )
  : null;
workerLog.info(
  `job worker ${worker.workerId} started${health ? `, health on port ${cfg.WORKER_HEALTH_PORT} at /health` : ""}${metricsServer ? `, metrics on port ${cfg.METRICS_PORT}` : ""}`,
);

const shutdown = stopOnSignal({
  graceMs: WORKER_STOP_MS,
  marginMs: 5_000,
  inProgress: "jobs",
  stop: async () => {
    await worker.stop(WORKER_STOP_MS);
    await heartbeat.stop();
    health?.close();
    stopGauges();
    metricsServer?.close();
    await Promise.all([shared.close(), stopTracing()]);
  },
  release: () => {},
  // Explicitly: a job left to its lease may still hold a timer or a socket that would keep the process up.
  exit: (code) => process.exit(code),
  log: (line) => workerLog.info(`job worker ${worker.workerId}: ${line}`),
});
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
