import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database belongs to one process at a time: PGlite has no locking of its own, and two
 * processes writing the same files would corrupt it. The owner writes its pid into a lock file.
 */
export class DataDirBusyError extends Error {}

function lockPath(dataDir: string) {
  return path.join(dataDir, "pglite.lock");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(
  dataDir: string,
  owner: string,
  advice = "Stop it first, or use the admin panel, or set DATABASE_URL to a Postgres database.",
): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  let holder: { pid: number; owner: string } | null = null;
  try {
    holder = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    holder = null;
  }
  if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
    throw new DataDirBusyError(`The embedded database in ${dataDir} is in use by the ${holder.owner} (pid ${holder.pid}). ${advice}`);
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, owner }));
  return () => rmSync(file, { force: true });
}
