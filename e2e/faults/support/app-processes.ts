/*
 * The app as an operator runs it: instances of `npm start` with WORKER=off and separate job workers
 * (`npm run worker`), all on the suite's database and Redis. Each can be signalled, killed and
 * started again under the same name and port.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { exitTime, killChild, sleep, startChild, type Child } from "./children";

export interface Backing {
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  logDir: string;
}

/** Fixed for the run: every process must encrypt and sign with the same keys. */
export const SUITE_SECRETS = { ENCRYPTION_KEY: randomBytes(32).toString("hex"), AUTH_SECRET: randomBytes(32).toString("base64url") };

export function appEnv(backing: Backing, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["PORT", "WORKER", "TRUST_PROXY", "NODE_OPTIONS", "CHECK_API_RESPONSES", "RATE_LIMIT_MULTIPLIER"]) delete env[name];
  return {
    ...env,
    ...SUITE_SECRETS,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: backing.databaseUrl,
    REDIS_URL: backing.redisUrl,
    DATA_DIR: backing.dataDir,
    WORKER: "off",
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_RETRY_DELAYS: "1s,2s,3s",
    SUPPLIER_DELAY: "1s",
    // The load's few keys would spend the seed's per-minute budgets in seconds; the suite tests
    // faults, not limits (the Redis fault checks that they count, whatever their size).
    RATE_LIMIT_MULTIPLIER: "50",
    ...extra,
  };
}

export interface Restartable {
  name: string;
  child(): Child;
  /** Starts the process (again) and resolves once it serves. */
  start(): Promise<void>;
  /** Sends a signal and reports how long the process took to exit, or null if it did not within `withinMs`. */
  stopBy(signal: NodeJS.Signals, withinMs: number): Promise<number | null>;
  kill(): Promise<void>;
}

function restartable(name: string, spawnIt: () => Child, ready: (child: Child) => Promise<void>): Restartable {
  let current: Child | undefined;
  return {
    name,
    child: () => {
      if (!current) throw new Error(`${name} was never started`);
      return current;
    },
    async start() {
      current = spawnIt();
      await ready(current);
    },
    async stopBy(signal, withinMs) {
      if (!current) throw new Error(`${name} was never started`);
      const child = current;
      const since = Date.now();
      child.signal(signal);
      return exitTime(child, since, withinMs);
    },
    async kill() {
      if (current) await killChild(current);
    },
  };
}

async function until(child: Child, what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.running()) throw new Error(`${child.name} exited before ${what}; see ${child.logFile}`);
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`${child.name} did not ${what} within ${timeoutMs / 1000} s; see ${child.logFile}`);
}

export interface AppInstance extends Restartable {
  base: string;
}

export function appInstance(name: string, port: number, backing: Backing): AppInstance {
  const base = `http://127.0.0.1:${port}`;
  const instance = restartable(
    name,
    () =>
      startChild(name, process.execPath, ["--no-memory-reducer", "scripts/start.mjs", "server"], {
        env: appEnv(backing, { PORT: String(port) }),
        logFile: path.join(backing.logDir, `${name}.log`),
      }),
    (child) =>
      until(
        child,
        "answer a healthy /api/health",
        async () => {
          try {
            const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
            return response.status === 200;
          } catch {
            return false;
          }
        },
        90_000,
      ),
  );
  return Object.assign(instance, { base });
}

export function jobWorker(name: string, backing: Backing): Restartable {
  return restartable(
    name,
    () =>
      startChild(name, process.execPath, ["scripts/start.mjs", "worker"], {
        env: appEnv(backing),
        logFile: path.join(backing.logDir, `${name}.log`),
      }),
    (child) => {
      // The log file collects every run of this worker: the run is ready once its own pid says so.
      const started = new RegExp(`job worker \\S+:${child.pid}:\\S+ started`);
      return until(child, "start", async () => started.test(readFileSync(child.logFile, "utf8")), 60_000);
    },
  );
}
