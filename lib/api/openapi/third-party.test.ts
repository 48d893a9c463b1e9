import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, describe, expect, it } from "vitest";
import { servedOpenApiDocument } from "./served";

/*
 * The document as third-party tools take it, each run as an integrator would: Redocly's linter with its
 * recommended rules, an independent OpenAPI 3.1 schema validator, and openapi-typescript 7 with its
 * default options, whose generated types must accept the order bodies the API accepts.
 */

const ROOT = process.cwd();
const bin = (relative: string) => path.join(ROOT, "node_modules", relative);
// An origin the linter's no-server-example.com rule has nothing against (a served document carries the reader's own).
const ORIGIN = "https://panel.reseller.test";
const work = mkdtempSync(path.join(tmpdir(), "openapi-tools-"));
const documentFile = path.join(work, "openapi.json");
writeFileSync(documentFile, JSON.stringify(servedOpenApiDocument(ORIGIN)));

afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe("the OpenAPI document in third-party tools", () => {
  it("passes redocly lint with the recommended rules: no error, no warning", () => {
    const { status, output } = run(bin("@redocly/cli/bin/cli.js"), ["lint", documentFile, "--config", path.join(ROOT, "redocly.yaml"), "--format", "json"]);
    const report = JSON.parse(output.slice(output.indexOf("{"), output.lastIndexOf("}") + 1)) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string }>;
    };
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(status).toBe(0);
  }, 120_000);

  it("is valid OpenAPI 3.1 to an independent schema validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(servedOpenApiDocument(ORIGIN) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("gives openapi-typescript 7 types that take { sku, quantity } as an order body and know every error code", () => {
    const typesFile = path.join(work, "api.d.ts");
    const generated = run(bin("openapi-typescript/bin/cli.js"), [documentFile, "-o", typesFile]);
    expect(generated.status, generated.output).toBe(0);
    const exampleFile = path.join(work, "example.ts");
    writeFileSync(
      exampleFile,
      [
        `import type { components, paths } from "./api";`,
        `type OrderBody = paths["/api/v2/order"]["post"]["requestBody"]["content"]["application/json"];`,
        `type ErrorCode = components["schemas"]["Error"]["error"]["code"];`,
        `export const minimal: OrderBody = { sku: "giftcard-steam-us-20", quantity: 1 };`,
        `export const skuOnly: OrderBody = { sku: "giftcard-steam-us-20" };`,
        `// @ts-expect-error: the sku is required`,
        `export const noSku: OrderBody = { quantity: 1 };`,
        `export function retry(code: ErrorCode): boolean {`,
        `  switch (code) {`,
        `    case "out_of_stock":`,
        `    case "rate_limited":`,
        `      return true;`,
        `    default:`,
        `      return false;`,
        `  }`,
        `}`,
        `// @ts-expect-error: no such code is documented`,
        `export const unknown: ErrorCode = "no_such_code";`,
      ].join("\n"),
    );
    const checked = run(bin("typescript/bin/tsc"), ["--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "nodenext", exampleFile]);
    expect(checked.output.trim()).toBe("");
    expect(checked.status).toBe(0);
  }, 120_000);
});
