import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { openDatabase, pgliteDirOf, type Database } from "@/lib/db/client";
import { BACKUP_FORMAT, BACKUP_VERSION, CARRIED_SECRETS, DATABASE_ENTRY, type BackupManifest, type CarriedSecret } from "./backup";
import { checkKeyOpensData } from "./restore-check";
import { readTar } from "./tar";

/** A restore that would lose something, or could not work: nothing in DATA_DIR has changed. */
export class RestoreRefusedError extends Error {}

export interface RestoreOutcome {
  manifest: BackupManifest;
  /** Where what the restore replaced was moved, when it replaced anything. */
  setAside: { dir: string; entries: string[] } | null;
  /** Which key the restored data was checked against, in the operator's words. */
  key: string;
  keyCheck: string;
}

interface Backup {
  manifest: BackupManifest;
  database: Buffer;
  secrets: Partial<Record<CarriedSecret, string>>;
}

function readBackup(archive: Buffer, name: string): Backup {
  const notABackup = new RestoreRefusedError(`${name} is not a backup made by npm run cli -- backup or the admin panel's download.`);
  let files: Map<string, Buffer> | null;
  try {
    files = readTar(gunzipSync(archive));
  } catch {
    throw notABackup;
  }
  const manifestFile = files?.get("manifest.json");
  const database = files?.get(DATABASE_ENTRY);
  if (!files || !manifestFile || !database) throw notABackup;
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestFile.toString("utf8"));
  } catch {
    throw notABackup;
  }
  if (manifest.format !== BACKUP_FORMAT) throw notABackup;
  if (manifest.version > BACKUP_VERSION) throw new RestoreRefusedError(`${name} was made by a later version of the panel: restore it with that version.`);
  const secrets = Object.fromEntries(
    Object.keys(CARRIED_SECRETS).flatMap((file) => (files.has(file) ? [[file, files.get(file)!.toString("utf8").trim()]] : [])),
  ) as Backup["secrets"];
  return { manifest, database, secrets };
}

/** Opens the backup's database (in memory, or into an empty directory) and waits until PGlite has unpacked it. */
async function unpack(database: Buffer, pgliteDir: string, work: (opened: Database) => Promise<void> = async () => {}): Promise<void> {
  const opened = openDatabase({ pgliteDir, loadDataDir: new Blob([new Uint8Array(database)]) });
  try {
    await opened.db.execute("select 1");
    await work(opened);
  } finally {
    await opened.close();
  }
}

/**
 * Puts an embedded backup (npm run cli -- backup, or the admin panel's download) into DATA_DIR. It
 * refuses, changing nothing, when DATA_DIR already holds a database, unless told to replace it, and
 * then moves that database aside instead of deleting it; and when the key that will be in use
 * (ENCRYPTION_KEY from the environment, or else the one the backup carries) does not open the backup's
 * data, which would be a database whose codes and secrets no one can read. The caller holds the data
 * directory's lock.
 */
export async function restoreEmbeddedBackup(
  archive: Buffer,
  options: { name: string; dataDir: string; replace: boolean; environmentKey?: string; now?: Date },
): Promise<RestoreOutcome> {
  const backup = readBackup(archive, options.name);
  const key = options.environmentKey ?? backup.secrets["encryption-key"];
  const keyName = options.environmentKey ? "ENCRYPTION_KEY (set in the environment)" : "the encryption key the backup carries";
  if (!key) {
    throw new RestoreRefusedError(
      "This backup does not carry its encryption key (ENCRYPTION_KEY was set where it was made), and ENCRYPTION_KEY is not set here: " +
        "set ENCRYPTION_KEY to the key kept with the backup and run restore again.",
    );
  }
  if (!/^[0-9a-fA-F]{64}$/.test(key)) throw new RestoreRefusedError(`${keyName} should be 64 hex characters (32 bytes).`);

  let keyCheck = "";
  await unpack(backup.database, "memory://", async (copy) => {
    const check = await checkKeyOpensData(copy.db, key, keyName);
    if (!check.ok) {
      const advice = options.environmentKey
        ? backup.secrets["encryption-key"]
          ? " Unset ENCRYPTION_KEY to use the key the backup carries, or set the key the data was written with."
          : " Set ENCRYPTION_KEY to the key kept with the backup."
        : "";
      throw new RestoreRefusedError(`Nothing was restored: ${check.detail.replace(/ Use the key kept with the backup\.$/, "")}${advice}`);
    }
    keyCheck = check.detail;
  });

  const pgliteDir = pgliteDirOf(options.dataDir);
  const holdsDatabase = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0;
  if (holdsDatabase && !options.replace) {
    throw new RestoreRefusedError(
      `${options.dataDir} already holds a database, so nothing was restored. To put the backup in its place, run restore again with --replace: ` +
        "the database there now is then moved aside into DATA_DIR, not deleted.",
    );
  }

  // What the restore would overwrite: the database, and generated secrets other than the backup's.
  const replaced = [
    ...(holdsDatabase ? [path.basename(pgliteDir)] : []),
    ...(Object.entries(backup.secrets) as [CarriedSecret, string][]).flatMap(([file, value]) => {
      const target = path.join(options.dataDir, file);
      return existsSync(target) && readFileSync(target, "utf8").trim() !== value ? [file] : [];
    }),
  ];
  let setAside: RestoreOutcome["setAside"] = null;
  if (replaced.length > 0) {
    const dir = path.join(options.dataDir, `before-restore-${(options.now ?? new Date()).toISOString().slice(0, 19).replaceAll(":", "-")}Z`);
    mkdirSync(dir);
    for (const entry of replaced) renameSync(path.join(options.dataDir, entry), path.join(dir, entry));
    setAside = { dir, entries: replaced };
  }

  await unpack(backup.database, pgliteDir);
  for (const [file, value] of Object.entries(backup.secrets)) {
    writeFileSync(path.join(options.dataDir, file), value + "\n", { mode: 0o600 });
  }
  return { manifest: backup.manifest, setAside, key: keyName, keyCheck };
}
