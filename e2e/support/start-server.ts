import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { appendFileSync, createWriteStream, rmSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createUser } from "@/lib/accounts/create-user";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/manage-keys";
import { stockCodeHash } from "@/lib/catalog/code-hash";
import { createProduct } from "@/lib/catalog/manage-products";
import { addStockCodes } from "@/lib/catalog/stock";
import { encryptSecret } from "@/lib/crypto/encryption";
import { openDatabase, pgliteDirOf, type Database } from "@/lib/db/client";
import { orders, stockCodes, type Tier } from "@/lib/db/schema";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { MAX_MESSAGES_PER_ORDER } from "@/lib/orders/messages";
import { placeOrder } from "@/lib/orders/place-order";
import { fillChat } from "@/lib/orders/testing/helpers";
import { DEMO, seedDemo } from "@/lib/seed/demo-seed";
import { TEST_SECRETS } from "@/lib/config/testing/test-secrets";
import { startSmtpCatcher } from "@/lib/mail/testing/smtp-catcher";
import { dataDirFor, fixturesFileFor, mailboxFileFor, serverLogFor, smtpPortFor, type Fixtures, type ResellerFixture } from "./fixture-data";
import { accountActor } from "@/lib/audit/record";

const { values } = parseArgs({ options: { port: { type: "string" }, postgres: { type: "boolean" } } });
const port = Number(values.port);
const dataDir = dataDirFor(port);
// Secrets generated while preparing (the encryption key of the seeded stock codes) must be the ones the
// server reads, so this process uses the server's DATA_DIR too.
process.env.DATA_DIR = dataDir;
// A start on Postgres requires fixed secrets, which the seeded data must be encrypted with too.
if (values.postgres) Object.assign(process.env, TEST_SECRETS);

/**
 * A server the Playwright suites run against: the production build on a fresh database (embedded,
 * or with --postgres a new database on the real Postgres plus the real Redis) holding the demo seed
 * and the test resellers, whose credentials go to a fixtures file.
 */
async function prepare(database: Database): Promise<Fixtures> {
  await migrateDatabase(database);
  await seedDemo(database.db);
  const reseller = async (name: string, balance: bigint, tier: Tier = "Bronze"): Promise<ResellerFixture & { transactionId: string }> => {
    const password = `${name}-password-123`;
    const user = await createUser(database.db, { email: `${name}@e2e.test`, password, name: `${name} shop`, tier });
    const { key } = await createApiKey(database.db, { userId: user.id, name: "e2e" });
    const entry = await database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId: user.id, type: "adjustment", amount: balance, description: "E2E opening balance" }),
    );
    return { id: user.id, email: user.email, password, apiKey: key, transactionId: entry.id };
  };
  const alice = await reseller("alice", 100_000_000n);
  const bob = await reseller("bob", 50_000_000n);
  const carol = await reseller("carol", 10_000_000n);
  // The buyers of the catalog and order specs, so that orders never move the balances other specs assert.
  const dave = await reseller("dave", 1_000_000_000n, "Gold");
  const erin = await reseller("erin", 200_000_000n, "Bronze");
  const daveCatalogKey = (await createApiKey(database.db, { userId: dave.id, name: "catalog reads" })).key;
  const daveSecondKey = (await createApiKey(database.db, { userId: dave.id, name: "second" })).key;
  const rateLimitKey = (await createApiKey(database.db, { userId: bob.id, name: "rate-limit test" })).key;
  const revoked = await createApiKey(database.db, { userId: bob.id, name: "revoked" });
  await revokeApiKey(database.db, bob.id, revoked.apiKey.id, accountActor(bob.id));
  const allowlistedKey = (await createApiKey(database.db, { userId: bob.id, name: "allowlisted", allowedIps: "192.0.2.0/24" })).key;
  // The webhook specs' resellers: frank for the API spec, grace for the browser spec.
  const frank = await reseller("frank", 100_000_000n);
  const grace = await reseller("grace", 50_000_000n);
  // The notifications browser spec's reseller, whose webhook it drives to disabled.
  const nina = await reseller("nina", 50_000_000n);
  // The subscription specs: henry (Silver, plenty) and ivy (Bronze, little) for the API spec, judy for the browser spec.
  const henry = await reseller("henry", 1_000_000_000n, "Silver");
  const ivy = await reseller("ivy", 5_000_000n);
  const judy = await reseller("judy", 1_000_000_000n, "Silver");
  const kate = await reseller("kate", 0n);
  // The USDT top-up specs: leo for the API spec, mia for the browser spec (their balances move by sandbox transfers).
  const leo = await reseller("leo", 0n);
  const mia = await reseller("mia", 0n);
  const noah = await reseller("noah", 100_000_000n);
  // The chat specs' manual orders, their chats written here: the API's rate limits let no spec post this many.
  const oscar = await reseller("oscar", 100_000_000n);
  const manualOrder = async (details: string) =>
    (await placeOrder(database.db, { user: oscar, sku: "manual-account-recovery", quantity: 1, fields: { details }, source: "api" })).order;
  const fullChat = await manualOrder("A chat with no room left");
  await fillChat(database.db, fullChat, MAX_MESSAGES_PER_ORDER);
  const longChat = await manualOrder("A chat longer than the panels show at first");
  await fillChat(database.db, longChat, 60);
  // A stock product whose older code an instance with another ENCRYPTION_KEY uploaded. Disabled, so the
  // catalog specs' counts stay the demo catalog's; its spec enables it while it buys.
  const unreadableStockSku = "giftcard-two-keys";
  await createProduct(database.db, {
    sku: unreadableStockSku,
    category: "giftcard",
    name: "Gift card stocked under two keys",
    group: "E2E",
    region: "GLOBAL",
    listPrice: "1.00",
    fields: [],
    minQuantity: 1,
    maxQuantity: 1,
    fulfilment: "stock",
    enabled: false,
    lowStockThreshold: 0,
  });
  await database.db.insert(stockCodes).values({
    sku: unreadableStockSku,
    codeEncrypted: encryptSecret("TWO-KEYS-LOST", "ab".repeat(32)),
    codeHash: stockCodeHash(unreadableStockSku, "TWO-KEYS-LOST"),
  });
  await addStockCodes(database.db, unreadableStockSku, [{ code: "TWO-KEYS-READABLE", pin: null, serial: null }]);
  // A completed order whose second code an instance with another ENCRYPTION_KEY delivered.
  const paula = await reseller("paula", 100_000_000n);
  const { order: twoKeysOrder } = await placeOrder(database.db, {
    user: paula,
    sku: "manual-account-recovery",
    quantity: 1,
    fields: { details: "Two codes, one unreadable" },
    source: "api",
  });
  await database.db
    .update(orders)
    .set({
      status: "completed",
      completedAt: new Date(),
      delivery: {
        items: [
          { codeEncrypted: encryptSecret("PAULA-READABLE"), pinEncrypted: null, serial: null },
          { codeEncrypted: encryptSecret("PAULA-LOST", "ab".repeat(32)), pinEncrypted: null, serial: "SN-PAULA" },
        ],
        note: null,
      },
    })
    .where(eq(orders.id, twoKeysOrder.id));
  // The method and bad-input matrix's reseller: no balance, so nothing it sends can buy, and keys enough
  // that its few hundred calls stay inside each key's per-minute budgets.
  const quinn = await reseller("quinn", 0n);
  const matrixKeys = [quinn.apiKey];
  for (let n = 2; n <= 8; n++) matrixKeys.push((await createApiKey(database.db, { userId: quinn.id, name: `matrix ${n}` })).key);
  // The SDK spec's reseller (e2e/api/sdk.spec.ts), and a key of its own to run into a rate limit with.
  const sam = await reseller("sam", 1_000_000_000n);
  const samRateLimitKey = (await createApiKey(database.db, { userId: sam.id, name: "rate-limit test" })).key;
  // The claims specs' resellers: rita (extended events on) and rosa (off) for the API spec, ruth for the browser spec.
  const rita = await reseller("rita", 200_000_000n);
  const rosa = await reseller("rosa", 200_000_000n);
  const ruth = await reseller("ruth", 200_000_000n);
  // The scoped-keys API spec's reseller, with a key that may do everything but place orders.
  const uma = await reseller("uma", 100_000_000n);
  const umaNoOrdersKey = (
    await createApiKey(database.db, {
      userId: uma.id,
      name: "no orders",
      scopes: ["catalog:read", "orders:read", "account:read", "payments:write", "webhooks:manage"],
    })
  ).key;
  // The audit-log browser spec's reseller.
  const tess = await reseller("tess", 0n);
  // A second admin, who takes a manual order over from the first in the take spec.
  const secondAdmin = { email: "second-admin@e2e.test", password: "second-admin-password-123" };
  await createUser(database.db, { ...secondAdmin, role: "admin" });
  return {
    matrixKeys,
    unreadableStockSku,
    paula,
    unreadableDeliveryOrderId: twoKeysOrder.id,
    noah,
    oscar,
    fullChatOrderId: fullChat.id,
    longChatOrderId: longChat.id,
    leo,
    mia,
    admin: { ...DEMO.admin },
    secondAdmin,
    henry,
    ivy,
    judy,
    kate,
    alice,
    bob,
    carol,
    dave,
    erin,
    daveCatalogKey,
    daveSecondKey,
    aliceTransactionId: alice.transactionId,
    bobTransactionId: bob.transactionId,
    rateLimitKey,
    revokedKey: revoked.key,
    allowlistedKey,
    frank,
    grace,
    sam,
    samRateLimitKey,
    nina,
    rita,
    rosa,
    ruth,
    uma,
    umaNoOrdersKey,
    tess,
  };
}

async function main() {
  rmSync(dataDir, { recursive: true, force: true });
  const database = values.postgres ? await createTestDatabase({ driver: "postgres" }) : openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
  const fixtures: Fixtures = { ...(await prepare(database)), databaseUrl: database.url };
  writeFileSync(fixturesFileFor(port), JSON.stringify(fixtures, null, 2));
  // The demo seed's credentials are the suites' own: on Postgres the server would take them for a leak.
  const backing = values.postgres ? { DATABASE_URL: database.url!, REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", ALLOW_DEMO: "1" } : {};
  if (!values.postgres) await database.close();
  // The server as `npm start` runs it, compiled; what is stale is built first, as the embedded start
  // would, since a start on Postgres refuses a stale build.
  const built = spawnSync(process.execPath, ["scripts/build.mjs", "--stale-only"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("npm run build failed");
  // A real SMTP server on loopback that the server sends through: what arrives goes to a file the specs read.
  const smtp = await startSmtpCatcher(smtpPortFor(port), (mail) => appendFileSync(mailboxFileFor(port), JSON.stringify(mail) + "\n"));
  const server = spawn(process.execPath, ["--no-memory-reducer", "scripts/start.mjs", "server"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      ...backing,
      DATA_DIR: dataDir,
      PORT: String(port),
      TRUST_PROXY: "1",
      WEBHOOK_ALLOW_PRIVATE: "1",
      CHECK_API_RESPONSES: "1",
      SUPPLIER_DELAY: "1s",
      ALLOW_SANDBOX_SUPPLIER: "1",
      CHAIN_POLL_INTERVAL: "1s",
      SMTP_URL: smtp.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // On, as in production: the specs' resellers confirm their address (e2e/support/sign-in.ts); the fixtures' count as confirmed.
      REQUIRE_EMAIL_VERIFICATION: "1",
    },
  });
  // What the server writes goes on to Playwright and into a file, which the log audit (e2e/logs) reads at the end of the run.
  const logFile = createWriteStream(serverLogFor(port), { flags: "a" });
  server.stdout!.on("data", (chunk: Buffer) => (process.stdout.write(chunk), logFile.write(chunk)));
  server.stderr!.on("data", (chunk: Buffer) => (process.stderr.write(chunk), logFile.write(chunk)));
  const stop = () => server.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  server.on("exit", async (code) => {
    await smtp.close();
    if (values.postgres) await database.close();
    process.exit(code ?? 0);
  });
}

main().catch((error) => {
  console.error("[e2e] could not prepare the server:", error);
  process.exit(1);
});
