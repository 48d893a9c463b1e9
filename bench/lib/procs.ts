/*
 * Child processes of the benchmark: each in its own process group, its output in a log file, and
 * every one of them killed when the run ends, fails or is interrupted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { openSync, closeSync } from "node:fs";
export { freePort } from "@/lib/net/testing/free-port";

export interface Child {
  name: string;
  proc: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const children = new Set<Child>();

function signalGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    try {
      proc.kill(signal);
    } catch {
      // already gone
    }
  }
}

export function startChild(name: string, args: string[], options: { env: NodeJS.ProcessEnv; logFile: string; cwd?: string }): Child {
  const fd = openSync(options.logFile, "a");
  const proc = spawn(process.execPath, args, { cwd: options.cwd ?? process.cwd(), env: options.env, stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const child: Child = {
    name,
    proc,
    logFile: options.logFile,
    exited,
    async stop() {
      signalGroup(proc, "SIGTERM");
      const killer = setTimeout(() => signalGroup(proc, "SIGKILL"), 8_000);
      await exited;
      clearTimeout(killer);
      // Anything the child left in its group goes too.
      signalGroup(proc, "SIGKILL");
      children.delete(child);
    },
  };
  children.add(child);
  return child;
}

/** Last resort, synchronous: for exit handlers. */
export function killAllChildrenNow(): void {
  for (const child of children) signalGroup(child.proc, "SIGKILL");
  children.clear();
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((child) => child.stop()));
}

/** Polls a URL until it answers at all (any status), or the child dies, or time runs out. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void child.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${child.name} exited before it answered; see ${child.logFile}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s; see ${child.logFile}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
