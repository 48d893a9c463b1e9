import { createUser } from "@/lib/accounts/create-user";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { setPasswordByEmail } from "@/lib/accounts/password-reset";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { resetTwoFactor } from "@/lib/auth/two-factor";
import { config } from "@/lib/config/env";
import type { Db } from "@/lib/db/client";
import { TIERS, type Tier } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { adjustBalance } from "@/lib/ledger/adjust-balance";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { adoptKey } from "@/lib/maintenance/adopt-key";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { demoSeedContents, seedDemo } from "@/lib/seed/demo-seed";
import { addOfferFromInput, addSupplier, listSuppliers, offerView, supplierView, testSupplierConnection } from "@/lib/fulfilment/supplier-admin";
import { connectSupplierWebhook } from "@/lib/fulfilment/connect-webhook";
import { importUpstreamProducts } from "@/lib/fulfilment/import-products";
import { priceChangeView } from "@/lib/fulfilment/price-changes";
import { syncSupplier } from "@/lib/fulfilment/sync-supplier";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { jobBacklog } from "@/lib/jobs/backlog";
import { discardFailedJob, listFailedJobs, retryFailedJob } from "@/lib/jobs/failed-jobs";
import { OPERATOR_ACTOR } from "@/lib/audit/record";

export type Options = Record<string, string | boolean | undefined>;

export class UsageError extends Error {}

export function required(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

function amount(options: Options, name: string): bigint {
  const text = required(options, name);
  const micros = parseMoney(text);
  if (micros === null) throw new UsageError(`--${name} should be a dollar amount such as 50 or 12.5, not ${JSON.stringify(text)}`);
  return micros;
}

export async function adminCreate(db: Db, options: Options) {
  await ensureTariffs(db);
  const user = await createUser(db, {
    email: required(options, "email"),
    password: required(options, "password"),
    name: options.name as string | undefined,
    role: "admin",
  });
  return { id: user.id, email: user.email, role: user.role };
}

export async function resellerCreate(db: Db, options: Options) {
  await ensureTariffs(db);
  const tier = (options.tier as string | undefined) ?? "Bronze";
  if (!TIERS.includes(tier as Tier)) throw new UsageError(`--tier should be one of ${TIERS.join(", ")}`);
  const balance = options.balance === undefined ? 0n : amount(options, "balance");
  if (balance < 0n) throw new UsageError("--balance must not be negative");
  return db.transaction(async (tx) => {
    const user = await createUser(tx, {
      email: required(options, "email"),
      password: required(options, "password"),
      name: options.name as string | undefined,
      tier: tier as Tier,
    });
    if (balance > 0n) await postLedgerEntry(tx, { userId: user.id, type: "adjustment", amount: balance, description: "Opening balance" });
    const apiKey = options["api-key"] ? (await createApiKey(tx, { userId: user.id, name: "CLI key" })).key : null;
    return { id: user.id, email: user.email, api_key: apiKey };
  });
}

export async function resellerCredit(db: Db, options: Options) {
  const user = await findUserByEmail(db, required(options, "email"));
  if (!user || user.role !== "reseller") throw new AppError("not_found", `No reseller with the email ${options.email}.`);
  const entry = await adjustBalance(db, { userId: user.id, amount: amount(options, "amount"), note: required(options, "note") });
  return { transaction_id: entry.id, email: user.email, amount: formatMoney(entry.amount), balance: formatMoney(entry.balanceAfter) };
}

/** For any account, an admin's too: the admin panel turns off a reseller's, and an admin with a lost phone has no one else to ask. */
export async function twoFactorOff(db: Db, options: Options) {
  const user = await findUserByEmail(db, required(options, "email"));
  if (!user) throw new AppError("not_found", `No account with the email ${options.email}.`);
  return { email: user.email, two_factor_was_on: await resetTwoFactor(db, user.id, OPERATOR_ACTOR) };
}

/** The operator locked out of the panel: the password comes from standard input, never the command line. */
export async function userSetPassword(db: Db, options: Options, readPassword: () => Promise<string>) {
  const email = required(options, "email").trim().toLowerCase();
  if (options.password !== undefined)
    throw new UsageError("user:set-password reads the password from standard input, not --password (the command line is visible to others)");
  const password = await readPassword();
  if (password === "")
    throw new UsageError("no password on standard input: pipe it in, e.g. printf '%s\\n' \"$PASSWORD\" | npm run cli -- user:set-password --email E");
  await setPasswordByEmail(db, { email, password });
  return { email, password_set: true, sessions_ended: true };
}

/**
 * The demo's passwords and key are in the README: on Postgres, taken for production, they go in only
 * when the operator asks with --demo, having been told what they are.
 */
export function refuseDemoSeedWithoutConsent(cfg: { DATABASE_URL?: string }, options: Options): void {
  if (!cfg.DATABASE_URL || options.demo) return;
  throw new UsageError(
    [
      "db:seed on Postgres (DATABASE_URL is set) would create the demo, whose passwords and key the README publishes:",
      ...demoSeedContents().map((line) => `  ${line}`),
      "Run it with --demo for a trial or a test (the server then starts only with ALLOW_DEMO=1).",
      "For real accounts use admin:create and reseller:create.",
    ].join("\n"),
  );
}

export async function dbSeed(db: Db, options: Options) {
  const { created } = await seedDemo(db);
  if (created && options.demo && config().DATABASE_URL) {
    console.error("note: the server refuses to start on this database while the demo credentials work, unless ALLOW_DEMO=1");
  }
  return { seeded: created ? "demo tariffs and accounts" : "already seeded: nothing changed" };
}

export async function encryptionRecover(db: Db, options: Options) {
  const oldKey = required(options, "old-key").toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(oldKey)) throw new UsageError("--old-key should be 64 hex characters, as ENCRYPTION_KEY is");
  if (oldKey === config().ENCRYPTION_KEY.toLowerCase()) throw new UsageError("--old-key is this configuration's ENCRYPTION_KEY; give the other key");
  const outcome = await adoptKey(db, oldKey);
  return {
    stock_codes: outcome.stockCodes,
    duplicate_codes_dropped: outcome.duplicatesDropped,
    returned_to_stock: outcome.returnedToStock,
    orders: outcome.orders,
    webhook_secrets: outcome.webhookSecrets,
    webhook_bodies: outcome.webhookBodies,
    two_factor_secrets: outcome.twoFactorSecrets,
    supplier_credentials: outcome.supplierCredentials,
    still_unreadable: outcome.unreadable,
  };
}

export async function supplierAdd(db: Db, options: Options) {
  const supplier = await addSupplier(db, {
    kind: required(options, "kind") as "sandbox",
    name: required(options, "name"),
    url: options.url as string | undefined,
    key: options.key as string | undefined,
    clientId: options["client-id"] as string | undefined,
    clientSecret: options["client-secret"] as string | undefined,
    authUrl: options["auth-url"] as string | undefined,
  });
  return supplierView(supplier);
}

export async function supplierList(db: Db) {
  return (await listSuppliers(db)).map(supplierView);
}

export async function supplierTest(db: Db, options: Options, id: string | undefined) {
  if (!id) throw new UsageError("supplier:test needs the supplier's id: supplier:test sup_...");
  return { id, ...(await testSupplierConnection(db, id)) };
}

export async function supplierWebhook(db: Db, options: Options, id: string | undefined) {
  if (!id) throw new UsageError("supplier:webhook needs the supplier's id: supplier:webhook sup_... --url https://our.host");
  return connectSupplierWebhook(db, id, required(options, "url"));
}

export async function supplierImport(db: Db, options: Options, id: string | undefined) {
  if (!id) throw new UsageError("supplier:import needs the supplier's id: supplier:import sup_... --category giftcard --margin 5%");
  const result = await importUpstreamProducts(db, id, {
    category: required(options, "category") as "giftcard",
    group: options.group as string | undefined,
    margin: required(options, "margin"),
    step: options.step as string | undefined,
    followCost: options["follow-cost"] === true,
  });
  return {
    created: result.created.map(({ sku, name, upstreamId, price, cost }) => ({
      sku,
      name,
      upstream_id: upstreamId,
      price: formatMoney(price),
      cost: formatMoney(cost),
    })),
    skipped: result.skipped.map(({ upstreamId, name, reason }) => ({ upstream_id: upstreamId, name, reason })),
  };
}

export async function supplierSync(db: Db, _options: Options, id: string | undefined) {
  if (!id) throw new UsageError("supplier:sync needs the supplier's id: supplier:sync sup_...");
  const result = await syncSupplier(db, id);
  if (!result.ok) throw new AppError("service_unavailable", `The supplier's catalog could not be read: ${result.reason}`);
  return { id, complete: result.complete, changes: result.changes.map(priceChangeView) };
}

export async function offerAdd(db: Db, options: Options) {
  const offer = await addOfferFromInput(db, {
    sku: required(options, "sku"),
    supplierId: required(options, "supplier"),
    upstreamProductId: required(options, "upstream-sku"),
    cost: required(options, "cost"),
    priority: options.priority as string | undefined,
  });
  return offerView(offer);
}

/** Without --failed the backlog by kind; with it the jobs that ran out of attempts, with their errors. */
export async function jobsList(db: Db, options: Options) {
  if (options.failed) {
    return (await listFailedJobs(db)).map((job) => ({
      id: job.id,
      kind: job.kind,
      attempts: job.attempts,
      error: job.lastError,
      failed_at: job.failedAt?.toISOString() ?? null,
    }));
  }
  return (await jobBacklog(db)).map((row) => ({ kind: row.kind, due: row.due, running: row.running, oldest_due_seconds: row.oldestDueSeconds }));
}

function jobId(command: string, id: string | undefined): number {
  if (!id) throw new UsageError(`${command} needs the job's id, as jobs:list --failed shows it: ${command} 42`);
  if (!/^[1-9][0-9]{0,15}$/.test(id)) throw new UsageError(`${command}: a job's id is a whole number such as 42, not ${JSON.stringify(id)}`);
  return Number(id);
}

export async function jobsRetry(db: Db, _options: Options, id: string | undefined) {
  return { retried: await retryFailedJob(db, jobId("jobs:retry", id)) };
}

export async function jobsDiscard(db: Db, _options: Options, id: string | undefined) {
  return { discarded: await discardFailedJob(db, jobId("jobs:discard", id)) };
}
