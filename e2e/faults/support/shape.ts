/*
 * The production shape on loopback: a fresh database on the real Postgres, the suite's own Redis, a
 * signature-checking receiver, two app instances (WORKER=off) and two job workers. Everything it
 * starts goes away in `tearDown`, which is safe to call after a partial start.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIsStale } from "@/scripts/build.mjs";
import { appInstance, jobWorker, SUITE_SECRETS, type AppInstance, type Backing, type Restartable } from "./app-processes";
import { killAllNow, sleep } from "./children";
import { createSuiteDatabase, type SuiteDatabase } from "./database";
import { freePort } from "@/lib/net/testing/free-port";
import { startReceiver, type Receiver } from "./receiver";
import { startOwnRedis, type OwnRedis } from "./redis";
import type { PreparedShape } from "./shape-data";

export interface Shape {
  database: SuiteDatabase;
  redis: OwnRedis;
  receiver: Receiver;
  apps: [AppInstance, AppInstance];
  workers: [Restartable, Restartable];
  prepared: PreparedShape;
  logDir: string;
}

function prepare(backing: Backing, receiverUrl: string, names: string[], failing: string[]): Promise<PreparedShape> {
  return new Promise((resolve, reject) => {
    const args = ["--import", "tsx", "e2e/faults/support/prepare-shape.ts", ...names, ...failing.flatMap((name) => ["--failing", name])];
    const proc = spawn(process.execPath, args, {
      env: { ...process.env, ...SUITE_SECRETS, DATABASE_URL: backing.databaseUrl, DATA_DIR: backing.dataDir, RECEIVER_URL: receiverUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    proc.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("PREPARED "));
      if (code === 0 && line) resolve(JSON.parse(line.slice("PREPARED ".length)) as PreparedShape);
      else reject(new Error(`preparing the database failed (exit ${code}):\n${err || out}`));
    });
  });
}

let started: Partial<Shape> & { scratch?: string } = {};

export async function startShape(names: string[], failing: string[]): Promise<Shape> {
  if (buildIsStale(process.cwd())) {
    throw new Error("the production build (.next and dist) is missing or older than the sources: run `npm run build` first (npm test does)");
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), "reseller-faults-"));
  started = { scratch };
  const logDir = path.join(scratch, "logs");
  const dataDir = path.join(scratch, "data");
  started.logDir = logDir;
  mkdirSync(logDir);
  mkdirSync(dataDir);
  started.database = await createSuiteDatabase();
  started.redis = await startOwnRedis(await freePort(), logDir);
  started.receiver = await startReceiver();
  const backing: Backing = { databaseUrl: started.database.url, redisUrl: started.redis.url, dataDir, logDir };
  started.prepared = await prepare(backing, started.receiver.url, names, failing);
  for (const reseller of [...started.prepared.resellers, ...started.prepared.failing]) started.receiver.trust(reseller.name, reseller.secret);
  started.apps = [appInstance("app-a", await freePort(), backing), appInstance("app-b", await freePort(), backing)];
  started.workers = [jobWorker("worker-1", backing), jobWorker("worker-2", backing)];
  await Promise.all([...started.apps, ...started.workers].map((process) => process.start()));
  return started as Shape;
}

/** Stops every process, drops the database, removes the scratch folder; logs are kept when asked. */
export async function tearDown(keepLogs: boolean): Promise<string | null> {
  const shape = started;
  started = {};
  await Promise.all([...(shape.apps ?? []), ...(shape.workers ?? [])].map((process) => process.kill().catch(() => {})));
  await shape.redis?.stop().catch(() => {});
  killAllNow();
  await shape.receiver?.close().catch(() => {});
  // The app's sessions may take a moment to go once their processes are killed; `with (force)` ends any left.
  await sleep(100);
  await shape.database?.drop().catch((error) => console.error(`[faults] could not drop ${shape.database?.name}: ${error}`));
  if (!shape.scratch) return null;
  if (keepLogs) return shape.logDir ?? null;
  rmSync(shape.scratch, { recursive: true, force: true });
  return null;
}
