import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledCommandLine } from "@/lib/cli/testing/compiled-command-line";

let commandLine: string;
beforeAll(async () => {
  commandLine = await compiledCommandLine();
});

const root = mkdtempSync(path.join(os.tmpdir(), "cli-backup-"));
const shop = path.join(root, "shop");
const backup = path.join(root, "shop-backup.tar.gz");
/** A key other than the one the shop's data was written with. */
const WRONG_KEY = "ab".repeat(32);

function cli(dataDir: string, env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [commandLine, ...args], {
    // The embedded mode generates its secrets into DATA_DIR, which the backup carries, unlike the suites' fixed ones.
    env: { ...process.env, DATABASE_URL: "", AUTH_SECRET: "", ENCRYPTION_KEY: "", DATA_DIR: dataDir, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe("backup and restore of the embedded database from the command line", { timeout: 240_000 }, () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses a backup while the server holds the database, saying to stop it or use the admin panel's download", () => {
    expect(cli(shop, {}, "db:seed").status).toBe(0);
    writeFileSync(path.join(shop, "pglite.lock"), JSON.stringify({ pid: process.ppid, owner: "server" }));
    const refused = cli(shop, {}, "backup", "--out", backup);
    rmSync(path.join(shop, "pglite.lock"));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      `error: The embedded database in ${shop} is in use by the server (pid ${process.ppid}). ` +
        "Stop it first, or download a backup from the running server in the admin panel (Backups).",
    );
    expect(existsSync(backup)).toBe(false);
  });

  it("backs up to a gzip tarball that carries the generated key, and says so", () => {
    const made = cli(shop, {}, "backup", "--out", backup);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(new RegExp(`^Backed up the embedded database in ${shop} to ${backup} \\(\\d+ bytes\\)\\.\\n`));
    expect(made.stdout).toContain("It carries the encryption key generated in DATA_DIR/encryption-key");
    expect(readFileSync(backup).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(cli(shop, {}, "backup", "--out", backup).stderr).toBe(`error: ${backup} already exists: give a new file name.`);
  });

  it("restores into a fresh data directory with the backup's key, checks it and says what it did", () => {
    const fresh = path.join(root, "fresh");
    const restored = cli(fresh, {}, "restore", "--in", backup);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`into ${fresh}.`);
    expect(restored.stdout).toContain("The backup's encryption key is in DATA_DIR/encryption-key again.");
    expect(restored.stdout).toMatch(/^ok {4}encryption key +ENCRYPTION_KEY opens the newest stock code$/m);
    expect(restored.stdout).toMatch(/^ok {4}balances +1 reseller balances equal their ledgers$/m);
    expect(restored.stdout).toContain("The restored data is readable with this configuration.");
    expect(readFileSync(path.join(fresh, "encryption-key"), "utf8")).toBe(readFileSync(path.join(shop, "encryption-key"), "utf8"));
    // Not carried: the restored panel signs everyone out, and a stolen backup makes no sign-ins.
    expect(readFileSync(path.join(fresh, "auth-secret"), "utf8")).not.toBe(readFileSync(path.join(shop, "auth-secret"), "utf8"));

    const checked = cli(fresh, {}, "restore:check");
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toContain(`Restore check of the embedded database in ${fresh}:`);
    const wrongKey = cli(fresh, { ENCRYPTION_KEY: WRONG_KEY }, "restore:check");
    expect(wrongKey.status).toBe(1);
    expect(wrongKey.stdout).toMatch(
      /^FAIL {2}encryption key +ENCRYPTION_KEY does not open the newest stock code: it is not the key this data was written with/m,
    );
    expect(wrongKey.stdout).toContain("The restored data is not usable as it is: see FAIL above.");
  });

  it("refuses to restore over a database unless told to replace it, and then moves that database aside", () => {
    const refused = cli(shop, {}, "restore", "--in", backup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      `error: ${shop} already holds a database, so nothing was restored. To put the backup in its place, run restore again with --replace: ` +
        "the database there now is then moved aside into DATA_DIR, not deleted.",
    );
    const replaced = cli(shop, {}, "restore", "--in", backup, "--replace");
    expect(replaced.status, replaced.stderr).toBe(0);
    const aside = readdirSync(shop).filter((entry) => entry.startsWith("before-restore-"));
    expect(aside).toHaveLength(1);
    expect(replaced.stdout).toContain(`What it replaced (pglite) was moved aside to ${path.join(shop, aside[0])}.`);
    expect(existsSync(path.join(shop, aside[0], "pglite", "PG_VERSION"))).toBe(true);
  });

  it("refuses a restore whose key does not open the backup's data, restoring nothing", () => {
    const other = path.join(root, "other");
    const refused = cli(other, { ENCRYPTION_KEY: WRONG_KEY }, "restore", "--in", backup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      "error: Nothing was restored: ENCRYPTION_KEY (set in the environment) does not open the newest stock code: it is not the key this data was written with. " +
        "Unset ENCRYPTION_KEY to use the key the backup carries, or set the key the data was written with.",
    );
    expect(existsSync(path.join(other, "pglite"))).toBe(false);
    expect(existsSync(path.join(other, "encryption-key"))).toBe(false);
  });

  it("refuses a file that is not a backup", () => {
    const notBackup = path.join(root, "notes.txt");
    writeFileSync(notBackup, "not a backup");
    const refused = cli(path.join(root, "none"), {}, "restore", "--in", notBackup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`error: ${notBackup} is not a backup made by npm run cli -- backup or the admin panel's download.`);
  });
});
