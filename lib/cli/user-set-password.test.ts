import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { verifyPassword } from "@/lib/auth/password";
import { openDatabase, pgliteDirOf } from "@/lib/db/client";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "cli-set-password-"));

function cli(input: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "lib/cli/main.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: "", ENCRYPTION_KEY: "" },
    input,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe("user:set-password (embedded database)", { timeout: 90_000 }, () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("sets a locked-out operator's password from standard input and ends their sessions", async () => {
    expect(cli("", "admin:create", "--email", "ops@example.com", "--password", "the-old-password").status).toBe(0);
    const before = Date.now();
    const result = cli("a-brand-new-password\n", "user:set-password", "--email", "Ops@Example.com");
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ email: "ops@example.com", password_set: true, sessions_ended: true });

    const database = openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
    try {
      const user = await findUserByEmail(database.db, "ops@example.com");
      expect(await verifyPassword(user!.passwordHash, "a-brand-new-password")).toBe(true);
      expect(await verifyPassword(user!.passwordHash, "the-old-password")).toBe(false);
      expect(user!.sessionsValidAfter!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    } finally {
      await database.close();
    }
  });

  it("refuses a password on the command line, an empty or short one, and an unknown address, each with a message", () => {
    const onCommandLine = cli("", "user:set-password", "--email", "ops@example.com", "--password", "visible-to-all");
    expect(onCommandLine.status).toBe(1);
    expect(onCommandLine.stderr).toContain("reads the password from standard input");
    const empty = cli("", "user:set-password", "--email", "ops@example.com");
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain("no password on standard input");
    const short = cli("short\n", "user:set-password", "--email", "ops@example.com");
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("Use at least 10 characters.");
    const unknown = cli("a-long-enough-password\n", "user:set-password", "--email", "nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No account has the address nobody@example.com.");
  });
});
