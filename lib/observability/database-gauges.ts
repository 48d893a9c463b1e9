import { Gauge } from "prom-client";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";
import { componentLogger } from "./logger";
import { metrics } from "./metrics";

const NAMES = ["job_backlog", "job_oldest_age_seconds", "chain_watcher_lag_seconds"] as const;

/**
 * The figures that live in the shared database, read when Prometheus scrapes: every instance reports
 * the same queue and the same watcher, so alert on their max, not their sum.
 */
export function watchDatabaseGauges(db: Db): () => void {
  const { registry } = metrics();
  const failed = (what: string) => (error: unknown) => componentLogger("metrics").warn({ err: error }, `${what} could not be read for the metrics`);
  const backlog = new Gauge({ name: NAMES[0], help: "Jobs waiting or running, by kind (the shared queue).", labelNames: ["kind"], registers: [registry] });
  const oldest = new Gauge({
    name: NAMES[1],
    help: "How long the oldest due job of each kind has waited, in seconds (the shared queue).",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      const rows = await executeRows<{ kind: string; waiting: number; oldest: number }>(
        db,
        sql`select kind, count(*)::int as waiting,
                coalesce(extract(epoch from now() - min(run_at) filter (where status = 'pending' and run_at <= now())), 0)::float8 as oldest
              from jobs where status in ('pending', 'running') group by kind`,
      ).catch(failed("the job backlog"));
      backlog.reset();
      oldest.reset();
      for (const row of rows ?? []) {
        backlog.set({ kind: row.kind }, Number(row.waiting));
        oldest.set({ kind: row.kind }, Number(row.oldest));
      }
    },
  });
  new Gauge({
    name: NAMES[2],
    help: "Seconds since the chain watcher's last clean scan of the address it has waited longest on, among addresses with a payment to watch.",
    registers: [registry],
    async collect() {
      const [row] =
        (await executeRows<{ lag: number }>(
          db,
          sql`select coalesce(extract(epoch from now() - min(a.last_scan_at)), 0)::float8 as lag from deposit_addresses a
                where exists (select 1 from payments p where p.address = a.address and p.status in ('pending', 'confirming', 'partially_paid'))`,
        ).catch(failed("the chain watcher's lag"))) ?? [];
      this.set(Number(row?.lag ?? 0));
    },
  });
  return () => {
    for (const name of NAMES) registry.removeSingleMetric(name);
  };
}
