/*
 * CPU time of the processes under load, from /proc (Linux): the server under test and every
 * PostgreSQL process. Per request it shows where a gap between the app and a baseline is spent.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
} catch {
  // 100 is the kernel's USER_HZ nearly everywhere
}

/** utime + stime of one process (all its threads), in ms; 0 when it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += processCpuMs(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

export interface CpuSample {
  server: number;
  postgres: number;
  loadGenerator: number;
}

export function sampleCpu(serverPid: number | undefined): CpuSample {
  const own = process.cpuUsage();
  return { server: serverPid ? processCpuMs(serverPid) : 0, postgres: postgresCpuMs(), loadGenerator: (own.user + own.system) / 1000 };
}

/** CPU ms per completed request between two samples. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuSample {
  const per = (a: number, b: number) => (requests > 0 ? (b - a) / requests : NaN);
  return {
    server: per(before.server, after.server),
    postgres: per(before.postgres, after.postgres),
    loadGenerator: per(before.loadGenerator, after.loadGenerator),
  };
}

/** The machine's CPU time so far, from /proc/stat: all of it, and the part a hypervisor gave to other guests. */
export function machineCpuTicks(): { total: number; steal: number } {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 };
  } catch {
    return { total: 0, steal: 0 };
  }
}

/** The share of the machine's CPU time stolen by the hypervisor between two readings; NaN where unknown. */
export function stealShare(before: { total: number; steal: number }, after: { total: number; steal: number }): number {
  const total = after.total - before.total;
  return total > 0 ? (after.steal - before.steal) / total : NaN;
}
