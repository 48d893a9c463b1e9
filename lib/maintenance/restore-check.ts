import { desc, isNotNull, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { tryDecryptSecret } from "@/lib/crypto/encryption";
import type { DbOrTx } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";
import { orders, stockCodes, webhookEndpoints } from "@/lib/db/schema";
import { MIGRATIONS_FOLDER } from "@/lib/migrations/migrate";

export interface RestoreCheck {
  name: "encryption key" | "balances" | "migrations";
  ok: boolean;
  detail: string;
}

export interface RestoreReport {
  ok: boolean;
  checks: RestoreCheck[];
  orders: number;
}

/** How many of the newest orders are looked through for a delivered code; top-ups deliver none. */
const ORDERS_LOOKED_AT = 50;

function listed(names: string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * Whether the key opens a delivered code, a webhook signing secret and the newest stock code, the
 * values a restore with the wrong key would lose. Only columns every version of the schema has are
 * read, so the check runs on a backup of an older version before its migrations.
 */
export async function checkKeyOpensData(db: DbOrTx, key: string, keyName = "ENCRYPTION_KEY"): Promise<RestoreCheck> {
  const [recentOrders, endpoint, code] = await Promise.all([
    db.select({ delivery: orders.delivery }).from(orders).where(isNotNull(orders.delivery)).orderBy(desc(orders.id)).limit(ORDERS_LOOKED_AT),
    db.select({ stored: webhookEndpoints.secretEncrypted }).from(webhookEndpoints).limit(1),
    db.select({ stored: stockCodes.codeEncrypted }).from(stockCodes).orderBy(desc(stockCodes.id)).limit(1),
  ]);
  const delivered = recentOrders.flatMap((row) => row.delivery?.items ?? []).find((item) => item.codeEncrypted)?.codeEncrypted;
  const samples = [
    ...(delivered ? [{ what: "a delivered code", stored: delivered }] : []),
    ...endpoint.map(({ stored }) => ({ what: "a webhook signing secret", stored })),
    ...code.map(({ stored }) => ({ what: "the newest stock code", stored })),
  ];
  if (samples.length === 0) return { name: "encryption key", ok: true, detail: "nothing encrypted is stored yet" };
  const failed = samples.filter((sample) => tryDecryptSecret(sample.stored, key) === null).map((sample) => sample.what);
  if (failed.length === 0) return { name: "encryption key", ok: true, detail: `${keyName} opens ${listed(samples.map((sample) => sample.what))}` };
  return {
    name: "encryption key",
    ok: false,
    detail: `${keyName} does not open ${listed(failed)}: it is not the key this data was written with. Use the key kept with the backup.`,
  };
}

/** Every reseller's balance against the sum of their ledger entries, which it must always equal. */
export async function checkBalances(db: DbOrTx): Promise<RestoreCheck> {
  const rows = await executeRows<{ id: string; balance: string; ledger: string }>(
    db,
    sql`select u.id, u.balance::text as balance, coalesce(l.total, 0)::text as ledger
        from users u left join (select user_id, sum(amount) as total from ledger_entries group by user_id) l on l.user_id = u.id
        where u.role = 'reseller' order by u.id`,
  );
  const differing = rows.filter((row) => row.balance !== row.ledger);
  if (differing.length === 0) return { name: "balances", ok: true, detail: `${rows.length} reseller balances equal their ledgers` };
  const named = differing.slice(0, 5).map((row) => row.id);
  return {
    name: "balances",
    ok: false,
    detail: `${differing.length} of ${rows.length} reseller balances differ from their ledgers (${named.join(", ")}${differing.length > named.length ? ", …" : ""}): the restore is incomplete or the backup damaged`,
  };
}

/** The migrations this version ships against those the database records as applied (drizzle's own table). */
export async function checkMigrations(db: DbOrTx): Promise<RestoreCheck> {
  const shipped = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => String(migration.folderMillis));
  const [{ present }] = await executeRows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  const applied = present
    ? (await executeRows<{ created_at: string }>(db, sql`select created_at::text from drizzle.__drizzle_migrations`)).map((row) => row.created_at)
    : [];
  const appliedSet = new Set(applied);
  const missing = shipped.filter((millis) => !appliedSet.has(millis)).length;
  const unknown = applied.filter((millis) => !shipped.includes(millis)).length;
  if (unknown > 0) {
    return {
      name: "migrations",
      ok: false,
      detail: `${unknown} applied migrations are newer than this version: restore with the version the backup was made by, or a later one`,
    };
  }
  if (missing > 0) {
    return { name: "migrations", ok: false, detail: `${shipped.length - missing} of ${shipped.length} applied: run npm run cli -- db:migrate` };
  }
  return { name: "migrations", ok: true, detail: `all ${shipped.length} applied` };
}

/** What the operator runs after a restore: the key opens the data, the money adds up, the schema is this version's. */
export async function checkRestoredData(db: DbOrTx, key: string): Promise<RestoreReport> {
  const checks = [await checkKeyOpensData(db, key), await checkBalances(db), await checkMigrations(db)];
  const [{ count }] = await executeRows<{ count: string }>(db, sql`select count(*)::text as count from orders`);
  return { ok: checks.every((check) => check.ok), checks, orders: Number(count) };
}

export function formatRestoreReport(report: RestoreReport): string {
  return [
    ...report.checks.map((check) => `${check.ok ? "ok  " : "FAIL"}  ${check.name.padEnd(15)} ${check.detail}`),
    `      ${"orders".padEnd(15)} ${report.orders}`,
    report.ok ? "The restored data is readable with this configuration." : "The restored data is not usable as it is: see FAIL above.",
  ].join("\n");
}
