import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createUser } from "@/lib/accounts/create-user";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/manage-keys";
import { openDatabase, pgliteDirOf } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { DEMO, seedDemo } from "@/lib/seed/demo-seed";
import { E2E_DATA_DIR, E2E_PORT, FIXTURES_FILE, type Fixtures, type ResellerFixture } from "./fixture-data";

/**
 * The server the Playwright suites run against: the production build on a fresh embedded database
 * holding the demo seed and three test resellers, whose credentials go to a fixtures file.
 */
async function prepare(): Promise<Fixtures> {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  const database = openDatabase({ pgliteDir: pgliteDirOf(E2E_DATA_DIR) });
  await migrateDatabase(database);
  await seedDemo(database.db);
  const reseller = async (name: string, balance: bigint): Promise<ResellerFixture & { transactionId: string }> => {
    const password = `${name}-password-123`;
    const user = await createUser(database.db, { email: `${name}@e2e.test`, password, name: `${name} shop` });
    const { key } = await createApiKey(database.db, { userId: user.id, name: "e2e" });
    const entry = await database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId: user.id, type: "adjustment", amount: balance, description: "E2E opening balance" }),
    );
    return { id: user.id, email: user.email, password, apiKey: key, transactionId: entry.id };
  };
  const alice = await reseller("alice", 100_000_000n);
  const bob = await reseller("bob", 50_000_000n);
  const carol = await reseller("carol", 10_000_000n);
  const rateLimitKey = (await createApiKey(database.db, { userId: bob.id, name: "rate-limit test" })).key;
  const revoked = await createApiKey(database.db, { userId: bob.id, name: "revoked" });
  await revokeApiKey(database.db, bob.id, revoked.apiKey.id);
  const allowlistedKey = (await createApiKey(database.db, { userId: bob.id, name: "allowlisted", allowedIps: "192.0.2.0/24" })).key;
  await database.close();
  return {
    admin: { ...DEMO.admin },
    alice,
    bob,
    carol,
    aliceTransactionId: alice.transactionId,
    bobTransactionId: bob.transactionId,
    rateLimitKey,
    revokedKey: revoked.key,
    allowlistedKey,
  };
}

prepare()
  .then((fixtures) => {
    writeFileSync(FIXTURES_FILE, JSON.stringify(fixtures, null, 2));
    const server = spawn(process.execPath, ["--import", "tsx", "lib/server/main.ts"], {
      stdio: "inherit",
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), TRUST_PROXY: "1", WEBHOOK_ALLOW_PRIVATE: "1" },
    });
    const stop = () => server.kill("SIGTERM");
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    server.on("exit", (code) => process.exit(code ?? 0));
  })
  .catch((error) => {
    console.error("[e2e] could not prepare the server:", error);
    process.exit(1);
  });
