import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { generateSandboxXpub } from "@/lib/crypto/extended-keys";
import { openDatabase, pgliteDirOf } from "@/lib/db/client";
import { depositAddresses, jobs } from "@/lib/db/schema";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { DEMO, seedDemo } from "@/lib/seed/demo-seed";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { depositAddressFor } from "@/lib/payments/deposit-addresses";

/**
 * The System page spec's own server (DATA_DIR and PORT from the environment): the embedded demo,
 * reading a TRON node that does not answer, so that the chain watcher fails on the demo reseller's
 * address for real, and holding a failed job to retry. The shared e2e server's sandbox chain is read
 * every second and never fails.
 */
const dataDir = process.env.DATA_DIR!;
const xpub = generateSandboxXpub();

const database = openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
await migrateDatabase(database);
await seedDemo(database.db);
const reseller = await findUserByEmail(database.db, DEMO.reseller.email);
await depositAddressFor(database.db, reseller!.id, xpub);
// Read cleanly ten minutes ago, and due again now: the next scan fails and leaves it behind.
await database.db
  .update(depositAddresses)
  .set({ lastCleanScanAt: sql`now() - interval '10 minutes'`, lastScanAt: sql`now() - interval '10 minutes'` })
  .where(sql`${depositAddresses.userId} = ${reseller!.id}`);
await database.db.insert(jobs).values({
  kind: "payments.expire",
  status: "failed",
  attempts: 5,
  lastError: "canceling statement due to statement timeout (in update payments …)",
  finishedAt: sql`now() - interval '3 minutes'`,
});
await database.close();

const server = spawn(process.execPath, ["--import", "tsx", "lib/server/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, CHAIN_PROVIDER: "trongrid", TRONGRID_URL: "http://127.0.0.1:9", TRON_XPUB: xpub, CHAIN_POLL_INTERVAL: "1s" },
});
const stop = () => server.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
