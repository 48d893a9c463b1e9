import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { compileCommandLine } from "@/scripts/build.mjs";

const outdir = path.join("node_modules", ".cache", "cli-test", randomUUID());
let compiled: Promise<string> | undefined;

afterAll(() => rmSync(path.join(process.cwd(), outdir), { recursive: true, force: true }));

/**
 * The command line compiled as `npm run build` compiles it, once per test file: a command then starts
 * without compiling its sources through tsx first (the command-line suites run some
 * eighty commands). Compiled inside the checkout, where its packages resolve; removed after the file.
 */
export function compiledCommandLine(): Promise<string> {
  return (compiled ??= compileCommandLine(process.cwd(), outdir));
}
