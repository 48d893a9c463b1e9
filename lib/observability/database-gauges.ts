import { Gauge } from "prom-client";
import type { Db } from "@/lib/db/client";
import { jobBacklog } from "@/lib/jobs/backlog";
import { watcherHealth } from "@/lib/payments/watcher-health";
import { componentLogger } from "./logger";
import { metrics } from "./metrics";

const NAMES = ["job_backlog", "job_oldest_age_seconds", "chain_watcher_lag_seconds", "chain_watcher_failing_addresses"] as const;

/**
 * The figures that live in the shared database, read when Prometheus scrapes, by the same queries as
 * the System page: every instance reports the same queue and the same watcher, so alert on their max,
 * not their sum.
 */
export function watchDatabaseGauges(db: Db): () => void {
  const { registry } = metrics();
  const registers = [registry];
  const failed = (what: string) => (error: unknown) => {
    componentLogger("metrics").warn({ err: error }, `${what} could not be read for the metrics`);
    return null;
  };
  const backlog = new Gauge({ name: NAMES[0], help: "Jobs due or running, by kind and state (the shared queue).", labelNames: ["kind", "state"], registers });
  new Gauge({
    name: NAMES[1],
    help: "How long the oldest due job of each kind has waited, in seconds (the shared queue).",
    labelNames: ["kind"],
    registers,
    async collect() {
      const kinds = await jobBacklog(db).catch(failed("the job backlog"));
      if (!kinds) return;
      backlog.reset();
      this.reset();
      for (const kind of kinds) {
        backlog.set({ kind: kind.kind, state: "due" }, kind.due);
        backlog.set({ kind: kind.kind, state: "running" }, kind.running);
        this.set({ kind: kind.kind }, kind.oldestDueSeconds ?? 0);
      }
    },
  });
  const failing = new Gauge({ name: NAMES[3], help: "Deposit addresses whose last chain scan failed.", registers });
  new Gauge({
    name: NAMES[2],
    help: "Seconds since the chain watcher's last clean scan of the watched address it is furthest behind on (alert past 300).",
    registers,
    async collect() {
      const health = await watcherHealth(db, 0).catch(failed("the chain watcher's lag"));
      if (!health) return;
      this.set(health.lagSeconds);
      failing.set(health.failing);
    },
  });
  return () => {
    for (const name of NAMES) registry.removeSingleMetric(name);
  };
}
