import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "./env";

const read = (file: string) => readFileSync(path.join(process.cwd(), file), "utf8");

/** The variables a markdown table names in its first column (`A`, `B` in one cell counts both). */
function tableVariables(markdown: string): string[] {
  return markdown
    .split("\n")
    .filter((line) => /^\| `[A-Z]/.test(line))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
}

/** docs/configuration.md's table of the app's variables, without the tests' own below it. */
const referenceTable = () => tableVariables(read("docs/configuration.md").split("\nFor the tests:")[0]);
/** README's table of the ones production sets, under its Configuration heading. */
const readmeTable = () => tableVariables(read("README.md").split("\n## Configuration")[1].split("\n## ")[0]);
/** .env.example's variables, set or commented out. */
const exampleVariables = () => [...read(".env.example").matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

function missing(from: readonly string[], inWhere: string, list: readonly string[], listName: string): string[] {
  return from.filter((name) => !list.includes(name)).map((name) => `${name} is in ${inWhere} but missing from ${listName}`);
}

describe("the configuration's documentation", () => {
  const schema = "the config schema (lib/config/env.ts)";

  it("lists the same variables in the reference table (docs/configuration.md), .env.example and the config schema", () => {
    const table = referenceTable();
    const example = exampleVariables();
    expect([
      ...missing(CONFIG_VARIABLES, schema, table, "docs/configuration.md's table"),
      ...missing(CONFIG_VARIABLES, schema, example, ".env.example"),
      ...missing(table, "docs/configuration.md's table", CONFIG_VARIABLES, schema),
      ...missing(example, ".env.example", CONFIG_VARIABLES, schema),
    ]).toEqual([]);
  });

  it("names in README's table only variables the configuration reads", () => {
    const readme = readmeTable();
    expect(readme).toContain("DATABASE_URL");
    expect(missing(readme, "README.md's configuration table", CONFIG_VARIABLES, schema)).toEqual([]);
  });
});
