import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

/*
 * The layers (docs/architecture.md): app/ and components/ over lib/; inside lib/, the API (lib/api), the
 * server (lib/server), the panel's helpers (lib/panel) and the command line (lib/cli) over the domains;
 * the configuration and the database below them. Each rule names what a file may not import. Tests and
 * test support may reach across (a domain's test calls the route that serves it).
 */
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**"];
const ADAPTERS = ["lib/api/**", "lib/server/**", "lib/panel/**", "lib/cli/**", "lib/docs/**"];

const notAboveLib = {
  group: ["@/app/*", "@/components/*", "../../app/*", "../../components/*"],
  message: "lib/ is below app/ and components/: move what both need into lib/.",
};
const notAdapters = {
  group: ["@/lib/api/*", "@/lib/server/*", "@/lib/panel/*", "@/lib/cli/*", "../api/*", "../server/*", "../panel/*", "../cli/*"],
  message: "A domain module does not know the API, the server, the panel or the command line: they call it, and hand it what it needs.",
};
const restricted = (...patterns) => ["error", { patterns }];

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: TESTS,
    rules: { "no-restricted-imports": restricted(notAboveLib) },
  },
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: [...TESTS, ...ADAPTERS],
    rules: { "no-restricted-imports": restricted(notAboveLib, notAdapters) },
  },
  {
    files: ["lib/config/**"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": restricted(notAboveLib, notAdapters, {
        group: ["@/lib/payments/*"],
        message: "The configuration is below the payments: move what it checks into lib/crypto.",
      }),
    },
  },
  {
    files: ["lib/db/**"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": restricted(notAboveLib, notAdapters, {
        group: ["@/lib/catalog/*", "@/lib/orders/*", "@/lib/payments/*", "@/lib/fulfilment/*", "@/lib/migrations/*"],
        message: "The database layer is below the domains: a step that needs one runs from lib/migrations.",
      }),
    },
  },
  {
    // An update or delete without where touches every row: drizzle runs it as written. Tests empty
    // their own tables on purpose.
    files: ["lib/**/*.ts", "app/**/*.ts", "app/**/*.tsx", "bench/**/*.ts"],
    ignores: TESTS,
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx", "database"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx", "database"] }],
    },
  },
  {
    // Playwright fixtures hand their value to a callback named `use`, which the React rule takes for the hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([".next/**", "dist/**", "sdk/dist/**", "data/**", "drizzle/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
]);
