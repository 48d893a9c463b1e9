import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateSdkSources } from "./generate";

// `npm run sdk:generate`: writes the SDK's generated types and operation table from the current OpenAPI document.
const root = path.resolve(import.meta.dirname, "../..");
const files = await generateSdkSources();
for (const [file, source] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), source);
  process.stdout.write(`wrote ${file}\n`);
}
