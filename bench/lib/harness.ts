/*
 * What the benchmark and the profiling script share: the run's secrets and scratch folder, the
 * environment of the child processes, starting the servers, and a clean-up that always runs
 * (children killed, databases dropped, folders removed), also on Ctrl-C or a watchdog.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freePort, killAllChildrenNow, startChild, stopAllChildren, waitForHttp, type Child } from "./procs";
import { compileEntries } from "@/scripts/build.mjs";

export const ROOT = process.cwd();
export const OUT = path.join(ROOT, "bench-results");
export const LOGS = path.join(OUT, "logs");
export const PROFILES = path.join(OUT, "profiles");
export const PG_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const SECRETS = { ENCRYPTION_KEY: randomBytes(32).toString("hex"), AUTH_SECRET: randomBytes(32).toString("base64url") };

export const startedAt = Date.now();
const stamp = new Date(startedAt).toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "_").toLowerCase();
export const runId = `bench_${stamp}_${process.pid}`;

export function log(line: string) {
  console.log(`[bench ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${line}`);
}

// ---- clean-up ----------------------------------------------------------------------------------

const cleanups: { name: string; run: () => Promise<unknown> | unknown }[] = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(name: string, run: () => Promise<unknown> | unknown) {
  cleanups.push({ name, run });
}

export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    await stopAllChildren().catch(() => killAllChildrenNow());
    for (const { name, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (error) {
        console.error(`[bench] clean-up ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

/** Signals and a watchdog end the run the same way: children killed, databases dropped. */
export function installStopHandlers(watchdogMs: number): void {
  process.on("exit", killAllChildrenNow);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      console.error(`[bench] ${signal}: stopping`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
  setTimeout(() => {
    console.error(`[bench] still running after ${watchdogMs / 60_000} minutes: stopping`);
    void cleanupAll().finally(() => process.exit(1));
  }, watchdogMs).unref();
}

// ---- environment -------------------------------------------------------------------------------

export const scratch = mkdtempSync(path.join(os.tmpdir(), "reseller-bench-"));
onCleanup("temporary folder", () => rmSync(scratch, { recursive: true, force: true }));
mkdirSync(LOGS, { recursive: true });

// The orchestrator encrypts stock codes and reads webhook secrets with the same key as the servers;
// its own configuration must not point at ./data or at a database of the developer's.
Object.assign(process.env, SECRETS, { DATA_DIR: path.join(scratch, "orchestrator"), NEXT_TELEMETRY_DISABLED: "1" });
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "REDIS_URL", "PORT", "DATA_DIR", "WORKER", "RATE_LIMIT_MULTIPLIER", "NODE_OPTIONS", "TRUST_PROXY"]) delete env[name];
  return { ...env, ...SECRETS, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...extra };
}

let profiling = false;
/** From now on the servers write V8 CPU profiles, one folder per server under bench-results/profiles. */
export function enableProfiling(): void {
  profiling = true;
  rmSync(PROFILES, { recursive: true, force: true });
}

/** The benchmark's own scripts run from their sources; the app, compiled, as `npm start` runs it. */
function nodeArgs(name: string, script: string[], flags: string[] = ["--import", "tsx"]): string[] {
  const args = [...flags];
  if (profiling) {
    const dir = path.join(PROFILES, name);
    mkdirSync(dir, { recursive: true });
    args.unshift("--cpu-prof", `--cpu-prof-dir=${dir}`);
  }
  return [...args, ...script];
}

export interface Server {
  child: Child;
  base: string;
}

const START_SCRIPT = ["scripts/start.mjs", "server"];
/** The app instances' METRICS_TOKEN: /metrics is on, as an operator runs it. */
export const BENCH_METRICS_TOKEN = "bench-metrics-token-0000";
/**
 * As production runs it: the JSON log at info into a file, and the metrics served for a scraper. The
 * app and the wrapper's server both get it, and the report says so from here.
 */
export const OBSERVED = { LOG_LEVEL: "info", METRICS_TOKEN: BENCH_METRICS_TOKEN } as const;

/**
 * The node flags that `npm start` gives the server (package.json's start script, `node <flags>
 * scripts/start.mjs server`), so that the bench runs the app as production does.
 */
function startScriptFlags(): string[] {
  const start = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start;
  const words = start.trim().split(/\s+/);
  if (words[0] !== "node" || words.slice(-2).join(" ") !== START_SCRIPT.join(" ")) {
    throw new Error(`package.json's start script is not "node <flags> ${START_SCRIPT.join(" ")}": ${start}`);
  }
  return words.slice(1, -2);
}

/** The app as production runs it: the custom server entry on the production build, started as `npm start` starts it. */
export async function startApp(name: string, env: Record<string, string>, fixedPort?: number): Promise<Server> {
  const port = fixedPort ?? (await freePort());
  const child = startChild(name, nodeArgs(name, START_SCRIPT, startScriptFlags()), {
    // ALLOW_DEMO: the bench seeds the demo on Postgres too (bench/lib/fixtures.ts), and a server there refuses it otherwise; its supplier products buy from the sandbox supplier.
    env: childEnv({
      PORT: String(port),
      RATE_LIMIT_MULTIPLIER: "100000",
      WORKER: "inline",
      WEBHOOK_ALLOW_PRIVATE: "1",
      ALLOW_DEMO: "1",
      ALLOW_SANDBOX_SUPPLIER: "1",
      DATA_DIR: path.join(scratch, name),
      ...OBSERVED,
      ...env,
    }),
    logFile: path.join(LOGS, `${name}.log`),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/v2/openapi.json`, child);
  return { child, base };
}

/** The benchmark's servers, compiled once per run as `npm run build` compiles the app's server. */
const COMPILED_SCRIPTS = ["bench/baseline-server.ts", "bench/wrapper-server.ts"];
let compiledScripts: Promise<void> | undefined;

/**
 * One of the benchmark's own servers (bench/*.ts). The baseline and the wrapper's server run compiled,
 * as the app does: under tsx every function made per request would be named on the way (esbuild's
 * keepNames), a cost production never pays, on one side of a comparison and not the other.
 */
export async function startScript(name: string, script: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let args = nodeArgs(name, [script]);
  if (COMPILED_SCRIPTS.includes(script)) {
    compiledScripts ??= compileEntries(ROOT, COMPILED_SCRIPTS, path.relative(ROOT, path.join(OUT, "dist")));
    await compiledScripts;
    args = nodeArgs(name, [path.join(OUT, "dist", script.replace(/\.ts$/, ".js"))], []);
  }
  const child = startChild(name, args, {
    env: childEnv({ PORT: String(port), DATA_DIR: path.join(scratch, name), ...env }),
    logFile: path.join(LOGS, `${name}.log`),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, child);
  return { child, base };
}

// ---- databases ---------------------------------------------------------------------------------

let admin: postgres.Sql | undefined;

/** A fresh database of this run, dropped at the end; returns its URL. */
export async function createDatabase(suffix: string): Promise<string> {
  if (!admin) {
    admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
    const connection = admin;
    onCleanup("admin connection", () => connection.end({ timeout: 5 }));
  }
  const name = `${runId}_${suffix}`;
  const connection = admin;
  await connection.unsafe(`create database "${name}"`);
  onCleanup(`database ${name}`, () => connection.unsafe(`drop database if exists "${name}" with (force)`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function postgresVersion(): Promise<string> {
  const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const [{ version }] = await sql`select current_setting('server_version') as version`;
    return String(version);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
