import { config } from "@/lib/config/env";
import { registerJobHandler } from "@/lib/jobs/registry";
import { syncAllSuppliers } from "./sync-supplier";

export const SUPPLIER_SYNC_JOB = "supplier.sync";

// The interval is read when the job runs, not when this module loads: the configuration is read once,
// and a module that reads it at import fixes it before a test (or the CLI) has set its environment.
registerJobHandler(
  SUPPLIER_SYNC_JOB,
  async (_job, { db }) => {
    const everyMs = config().SUPPLIER_SYNC_INTERVAL;
    await syncAllSuppliers(db, everyMs);
    return { retryInMs: everyMs };
  },
  { recurring: true },
);
