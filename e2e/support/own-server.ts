import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { baseUrlFor } from "./fixture-data";

export interface OwnServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * A spec's own embedded server beside the shared one, for a setting the shared server must not have
 * (no SMTP server, a failing chain watcher): `entry` run from the sources on a fresh data folder,
 * resolved once its readiness probe says it takes requests (migrations applied, database reachable).
 */
export async function startOwnServer(options: { name: string; port: number; entry: string; env?: Record<string, string> }): Promise<OwnServer> {
  const base = baseUrlFor(options.port);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `e2e-${options.name}-`));
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", options.entry], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(options.port), WORKER: "inline", DATABASE_URL: "", REDIS_URL: "", ...options.env },
  });
  await expect.poll(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.status, { timeout: 200_000, intervals: [1_000] }).toBe(200);
  return {
    base,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
