import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { generateSdkSources } from "../codegen/generate";

// The checked-in types and operation table are what the current OpenAPI document generates.
it("the SDK's generated sources match the API (run `npm run sdk:generate` when this fails)", async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const files = await generateSdkSources();
  expect(Object.keys(files).length).toBeGreaterThan(0);
  for (const [file, source] of Object.entries(files)) {
    expect(readFileSync(path.join(root, file), "utf8"), `${file} is stale: run npm run sdk:generate`).toBe(source);
  }
}, 60_000);
