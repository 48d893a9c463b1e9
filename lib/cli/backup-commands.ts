import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config, dataDirFrom } from "@/lib/config/env";
import { openDatabase, pgliteDirOf, type Database } from "@/lib/db/client";
import { acquireDataDirLock } from "@/lib/db/data-dir-lock";
import { backupEmbeddedDatabase, keyReminder } from "@/lib/maintenance/backup";
import { restoreEmbeddedBackup } from "@/lib/maintenance/restore";
import { checkRestoredData, formatRestoreReport } from "@/lib/maintenance/restore-check";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { required, UsageError, type Options } from "./commands";

const POSTGRES_PROCEDURE = "back Postgres up with pg_dump -Fc and restore it with pg_restore, then run restore:check (docs/operations.md, Backups)";

async function withDatabase<T>(database: Database, work: (database: Database) => Promise<T>): Promise<T> {
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** backup --out FILE: the embedded database, with the server stopped, as a gzip tarball. */
export async function backupCommand(options: Options): Promise<number> {
  const out = path.resolve(required(options, "out"));
  const cfg = config();
  if (cfg.DATABASE_URL) throw new UsageError(`backup is for the embedded database, and DATABASE_URL is set: ${POSTGRES_PROCEDURE}.`);
  if (existsSync(out)) throw new UsageError(`${out} already exists: give a new file name.`);
  if (!existsSync(path.join(pgliteDirOf(cfg.dataDir), "PG_VERSION"))) throw new UsageError(`There is no embedded database in ${cfg.dataDir} to back up.`);
  const release = acquireDataDirLock(cfg.dataDir, "command line", "Stop it first, or download a backup from the running server in the admin panel (Backups).");
  try {
    const backup = await withDatabase(openDatabase({ pgliteDir: pgliteDirOf(cfg.dataDir) }), (database) => backupEmbeddedDatabase(database, cfg));
    writeFileSync(out, backup.archive, { flag: "wx", mode: 0o600 });
    console.log(`Backed up the embedded database in ${cfg.dataDir} to ${out} (${backup.archive.length} bytes).`);
    console.log(keyReminder(backup.manifest));
    return 0;
  } finally {
    release();
  }
}

/** restore --in FILE [--replace]: an embedded backup into DATA_DIR, then migrated and checked as restore:check does. */
export async function restoreCommand(options: Options): Promise<number> {
  const input = required(options, "in");
  if (process.env.DATABASE_URL) throw new UsageError(`restore is for the embedded database, and DATABASE_URL is set: ${POSTGRES_PROCEDURE}.`);
  if (!existsSync(input)) throw new UsageError(`${input} does not exist.`);
  const dataDir = dataDirFrom();
  const release = acquireDataDirLock(dataDir, "command line", "Stop it first: a restore replaces the database under it.");
  try {
    const outcome = await restoreEmbeddedBackup(readFileSync(input), {
      name: input,
      dataDir,
      replace: options.replace === true,
      environmentKey: process.env.ENCRYPTION_KEY || undefined,
    });
    console.log(`Restored the backup made ${outcome.manifest.created_at} into ${dataDir}.`);
    if (outcome.setAside) console.log(`What it replaced (${outcome.setAside.entries.join(", ")}) was moved aside to ${outcome.setAside.dir}.`);
    if (outcome.manifest.secrets.includes("encryption-key")) console.log("The backup's encryption key is in DATA_DIR/encryption-key again.");
    const cfg = config();
    const report = await withDatabase(openDatabase({ pgliteDir: pgliteDirOf(dataDir) }), async (database) => {
      await migrateDatabase(database);
      return checkRestoredData(database.db, cfg.ENCRYPTION_KEY);
    });
    console.log(formatRestoreReport(report));
    return report.ok ? 0 : 1;
  } finally {
    release();
  }
}

/** restore:check: after a restore (pg_restore on Postgres), whether this configuration can run on the data, as a report. */
export async function restoreCheckCommand(): Promise<number> {
  const cfg = config();
  const release = cfg.DATABASE_URL ? () => {} : acquireDataDirLock(cfg.dataDir, "command line");
  try {
    const report = await withDatabase(openDatabase({ url: cfg.DATABASE_URL, pgliteDir: pgliteDirOf(cfg.dataDir), maxConnections: 2 }), (database) =>
      checkRestoredData(database.db, cfg.ENCRYPTION_KEY),
    );
    console.log(`Restore check of ${cfg.DATABASE_URL ? withoutPassword(cfg.DATABASE_URL) : `the embedded database in ${cfg.dataDir}`}:`);
    console.log(formatRestoreReport(report));
    return report.ok ? 0 : 1;
  } finally {
    release();
  }
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.toString();
}
