/*
 * The processes the fault suite starts: each in its own process group with its output in a log file,
 * so that a signal reaches exactly the process it is meant for, and every one of them is killed when
 * the suite ends, fails or its process exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";

export interface Child {
  name: string;
  pid: number;
  logFile: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  running(): boolean;
  signal(signal: NodeJS.Signals): void;
}

const started = new Set<ChildProcess>();

function signalGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Synchronous, for the exit handler: a suite killed by its runner must not leave servers behind. */
export function killAllNow(): void {
  for (const proc of started) signalGroup(proc, "SIGKILL");
}
process.on("exit", killAllNow);

export function startChild(name: string, command: string, args: string[], options: { env: NodeJS.ProcessEnv; logFile: string }): Child {
  const fd = openSync(options.logFile, "a");
  const proc = spawn(command, args, { cwd: process.cwd(), env: options.env, stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  if (proc.pid === undefined) throw new Error(`${name} did not start`);
  started.add(proc);
  const exited = new Promise<number | string>((resolve) =>
    proc.once("exit", (code, signal) => {
      started.delete(proc);
      resolve(code ?? signal ?? "unknown");
    }),
  );
  return {
    name,
    pid: proc.pid,
    logFile: options.logFile,
    exited,
    running: () => proc.exitCode === null && proc.signalCode === null,
    // The process alone, as an operator's `kill <pid>` or a process manager does.
    signal: (signal) => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    },
  };
}

/** Kills a child's whole group and waits for it to end. */
export async function killChild(child: Child): Promise<void> {
  for (const proc of started) if (proc.pid === child.pid) signalGroup(proc, "SIGKILL");
  await child.exited;
}

/** Milliseconds until the child exits, or null if it is still running after `withinMs`. */
export async function exitTime(child: Child, since: number, withinMs: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), Math.max(0, since + withinMs - Date.now()))));
  const exited = child.exited.then(() => Date.now() - since);
  return Promise.race([exited, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
