import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/**
 * scripts/start.mjs (npm start, npm run worker, npm run cli) in a copy of the project holding one
 * source file and, where a test makes them, the two builds: the compiled entries here only say they ran.
 */
let root = "";

function start(what: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "start.mjs"), what], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

function write(file: string, text: string, mtime: Date) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  utimesSync(path.join(root, file), mtime, mtime);
}

// Folders count as sources too (a file added or removed): the build is made after this test made them.
const sourceTime = new Date("2026-01-01T00:00:00Z");
const builtTime = new Date(Date.now() + 60_000);

function build() {
  write(".next/BUILD_ID", "test", builtTime);
  write("dist/built-at", "", builtTime);
  for (const entry of ["lib/server/main", "lib/server/worker-main", "lib/cli/main"])
    write(`dist/${entry}.js`, `console.log("compiled ${entry} ran");`, builtTime);
}

const POSTGRES = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/shop" };
const REFUSAL =
  /^Refusing to start: the build \(.*\) is missing or older than the source\. Run `npm run build`, then `(npm start|npm run worker|npm run cli)` again\.$/;

describe("the production start (scripts/start.mjs)", () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "production-start-"));
    mkdirSync(path.join(root, "scripts"));
    for (const file of ["start.mjs", "build.mjs"]) copyFileSync(path.join(process.cwd(), "scripts", file), path.join(root, "scripts", file));
    write("lib/server/main.ts", "", sourceTime);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("on Postgres refuses a missing build, naming the command to run, for the server, the worker and the command line", () => {
    for (const [what, command] of [
      ["server", "npm start"],
      ["worker", "npm run worker"],
      ["cli", "npm run cli"],
    ]) {
      const result = start(what, POSTGRES);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(REFUSAL);
      expect(result.stderr).toContain(`then \`${command}\` again`);
    }
    expect(start("server", POSTGRES).stderr).toContain("the panel in .next and the server in dist");
  });

  it("runs the compiled entries with node when the build is newer than every source", () => {
    build();
    expect(start("server", POSTGRES)).toMatchObject({ status: 0, stdout: "compiled lib/server/main ran" });
    expect(start("worker", POSTGRES)).toMatchObject({ status: 0, stdout: "compiled lib/server/worker-main ran" });
    expect(start("cli", POSTGRES)).toMatchObject({ status: 0, stdout: "compiled lib/cli/main ran" });
  });

  it("on Postgres refuses a build older than a source changed since", () => {
    build();
    write("app/page.tsx", "", new Date(builtTime.getTime() + 60_000));
    const result = start("server", POSTGRES);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(REFUSAL);
  });

  it("refuses to start a worker on a stale build even without DATABASE_URL: it never builds", () => {
    const result = start("worker");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("then `npm run worker` again");
  });
});
