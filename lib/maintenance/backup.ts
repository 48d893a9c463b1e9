import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Database } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { writeTar, type TarEntry } from "./tar";

/** What the archive's manifest.json says it is; the restore reads nothing else. */
export const BACKUP_FORMAT = "reseller-panel-embedded-backup";
export const BACKUP_VERSION = 1;
/** The database's own files as PGlite's dumpDataDir hands them, inside the archive. */
export const DATABASE_ENTRY = "pglite.tar";

/**
 * The secrets the embedded mode generates into DATA_DIR (lib/config/env.ts) that the data needs: the
 * encryption key opens the stock codes, delivered codes and webhook secrets, and the sandbox key
 * derived the deposit addresses. auth-secret is left out: a restore then signs everyone out, rather
 * than handing whoever holds a backup the means to make sign-ins.
 */
export const CARRIED_SECRETS = { "encryption-key": "ENCRYPTION_KEY", "sandbox-tron-xpub": "TRON_XPUB" } as const;
export type CarriedSecret = keyof typeof CARRIED_SECRETS;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** The generated secrets this backup carries, by their file name in DATA_DIR. */
  secrets: CarriedSecret[];
}

export interface EmbeddedBackup {
  archive: Buffer;
  manifest: BackupManifest;
  fileName: string;
}

interface SecretsInUse {
  dataDir: string;
  ENCRYPTION_KEY: string;
  TRON_XPUB: string;
}

/** A generated file is carried only when it is what the configuration uses; a variable set in the environment is the operator's to keep. */
function secretsInUse(cfg: SecretsInUse): TarEntry[] {
  return (Object.entries(CARRIED_SECRETS) as [CarriedSecret, keyof SecretsInUse][]).flatMap(([file, variable]) => {
    const target = path.join(cfg.dataDir, file);
    if (!existsSync(target)) return [];
    const value = readFileSync(target, "utf8").trim();
    return value === cfg[variable] ? [{ name: file, data: Buffer.from(value + "\n") }] : [];
  });
}

export function backupFileName(now: Date): string {
  return `reseller-panel-backup-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;
}

/**
 * The embedded database as a gzip tarball: a manifest, PGlite's dump of its files, and the generated
 * secrets the data needs. Taken from the running server (the admin panel's download) it is the
 * database as of the last commit before it, as a stopped server's would be.
 */
export async function backupEmbeddedDatabase(database: Database, cfg: SecretsInUse, now = new Date()): Promise<EmbeddedBackup> {
  if (!database.dumpDataDir) {
    throw new AppError("validation_error", "The database is Postgres (DATABASE_URL): back it up with pg_dump, as docs/operations.md describes.");
  }
  const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
  const secrets = secretsInUse(cfg);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: now.toISOString(),
    secrets: secrets.map((secret) => secret.name as CarriedSecret),
  };
  const tar = writeTar(
    [{ name: "manifest.json", data: Buffer.from(JSON.stringify(manifest, null, 2) + "\n") }, { name: DATABASE_ENTRY, data: dump }, ...secrets],
    now,
  );
  return { archive: gzipSync(tar), manifest, fileName: backupFileName(now) };
}

/** Whether a backup taken now carries the encryption key (it was generated into DATA_DIR), or the operator keeps ENCRYPTION_KEY. */
export function backupCarriesKey(cfg: SecretsInUse): boolean {
  return secretsInUse(cfg).some((secret) => secret.name === "encryption-key");
}

/** The reminder every backup comes with: what of the key it carries, and so how it must be kept. */
export function keyReminder(manifest: BackupManifest): string {
  return manifest.secrets.includes("encryption-key")
    ? "It carries the encryption key generated in DATA_DIR/encryption-key, which opens the stock codes, delivered codes and webhook secrets: keep it as safe as that key."
    : "It does not carry ENCRYPTION_KEY, which is set in the environment: keep that key with the backup, or its stock codes, delivered codes and webhook secrets cannot be read after a restore.";
}
