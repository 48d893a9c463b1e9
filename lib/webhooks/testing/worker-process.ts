/*
 * A job worker in its own process, for the durability test: it delivers webhooks (private addresses
 * allowed, short leases) until it is killed. Run with:
 *
 *   node --import tsx lib/webhooks/testing/worker-process.ts <postgres-url> <lease-ms>
 *
 * It prints "ready <worker id>" once it polls.
 */
import { openDatabase } from "@/lib/db/client";
import "@/lib/orders/fulfil-job";
import { startWorker } from "@/lib/jobs/worker";
import { registerWebhookDeliveryHandler } from "../deliver-job";

const [url, lease] = process.argv.slice(2);
if (!url?.startsWith("postgres")) {
  console.error("usage: worker-process.ts <postgres-url> [lease-ms]");
  process.exit(2);
}
const leaseMs = Number(lease ?? 2000);
const database = openDatabase({ url, maxConnections: 10 });
registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [500, 500, 500], log: (line) => console.log(line) }, leaseMs);
const worker = startWorker({ db: database.db, leaseMs, pollIntervalMs: 20, concurrency: 8, log: (line) => console.log(line) });
console.log(`ready ${worker.workerId}`);

process.once("SIGTERM", async () => {
  await worker.stop();
  await database.close();
  process.exit(0);
});
