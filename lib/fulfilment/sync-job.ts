import { config } from "@/lib/config/env";
import { registerRecurringSweep } from "@/lib/jobs/registry";
import { syncAllSuppliers } from "./sync-supplier";

export const SUPPLIER_SYNC_JOB = "supplier.sync";

const everyMs = config().SUPPLIER_SYNC_INTERVAL;
registerRecurringSweep(SUPPLIER_SYNC_JOB, everyMs, (db) => syncAllSuppliers(db, everyMs));
