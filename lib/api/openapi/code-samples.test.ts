import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeSample, SAMPLE_LANGUAGES, type SampleLanguage } from "./code-samples";
import { requestExample } from "./examples";
import { servedOpenApiDocument } from "./served";
import type { OpenApiMethod } from "./types";

/*
 * The example requests /docs shows for every operation, checked as their own tools read them: each
 * curl line by bash, each Python one by Python's parser, each PHP one by `php -l` (CI installs php,
 * .ci/run; a machine without it skips that check only). That they send the right body is the Postman
 * test's part: both take it from the same RequestExample.
 */

const ORIGIN = "https://panel.shop.test";
const document = servedOpenApiDocument(ORIGIN);
const work = mkdtempSync(path.join(tmpdir(), "code-samples-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const samples = Object.entries(document.paths).flatMap(([path, item]) =>
  (Object.entries(item) as Array<[OpenApiMethod, NonNullable<(typeof item)[OpenApiMethod]>]>)
    .filter(([, operation]) => !operation["x-reseller-twin-of"])
    .map(([method, operation]) => ({
      operationId: operation.operationId,
      write: (language: SampleLanguage) =>
        codeSample(language, { origin: ORIGIN, operationId: operation.operationId, request: requestExample(document, path, method, operation) }),
    })),
);

const has = (command: string) => spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;

function check(language: SampleLanguage, extension: string, command: (file: string) => string[]) {
  for (const sample of samples) {
    const file = path.join(work, `${sample.operationId}.${extension}`);
    writeFileSync(file, sample.write(language));
    const [program, ...args] = command(file);
    const result = spawnSync(program, args, { encoding: "utf8" });
    expect(`${result.stdout}${result.stderr}`.replace(/No syntax errors detected in .*\n?/, "").trim(), `${sample.operationId} (${language})`).toBe("");
    expect(result.status, `${sample.operationId} (${language})`).toBe(0);
  }
}

describe("the example requests on /docs", () => {
  it("come in curl, the SDK, PHP and Python for every operation, the SDK calling it by its operationId", () => {
    expect(SAMPLE_LANGUAGES.map((language) => language.id)).toEqual(["curl", "sdk", "php", "python"]);
    expect(samples.length).toBeGreaterThan(40);
    for (const sample of samples) {
      expect(sample.write("sdk")).toContain(`await client.${sample.operationId}(`);
      expect(sample.write("sdk")).toContain(`new ResellerClient({ baseUrl: "${ORIGIN}", apiKey: process.env.RESELLER_API_KEY! })`);
      expect(sample.write("curl")).toContain(ORIGIN);
    }
    const order = samples.find((sample) => sample.operationId === "createOrder")!;
    expect(order.write("sdk")).toContain(`body: {\n    sku: "giftcard-steam-us-20",\n    quantity: 1`);
    expect(order.write("curl")).toContain(`-H "Idempotency-Key: $(uuidgen)"`);
    expect(order.write("python")).toContain(`"Idempotency-Key": str(uuid.uuid4())`);
    const getOrder = samples.find((sample) => sample.operationId === "getOrder")!;
    expect(getOrder.write("sdk")).toContain(`path: {\n    orderId: "ord_`);
  });

  it("parse as shell", () => check("curl", "sh", (file) => ["bash", "-n", file]));

  it("parse as Python", () => {
    // One interpreter for all of them: a Python start costs a good part of a second.
    const files = samples.map((sample) => {
      const file = path.join(work, `${sample.operationId}.py`);
      writeFileSync(file, sample.write("python"));
      return file;
    });
    const parseAll =
      "import ast, sys\nfor name in sys.argv[1:]:\n    try:\n        ast.parse(open(name).read())\n    except SyntaxError as error:\n        print(name, error)";
    const result = spawnSync("python3", ["-c", parseAll, ...files], { encoding: "utf8" });
    expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
    expect(result.status).toBe(0);
  }, 30_000);

  it.skipIf(!has("php"))("parse as PHP", () => check("php", "php", (file) => ["php", "-l", file]), 60_000);
});
