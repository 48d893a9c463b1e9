import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Three projects: plain unit tests; the database suites (*.db.test.ts) on an in-memory PGlite; and
 * the same suites on the real Postgres, which runs when TEST_POSTGRES=1 (CI sets it).
 */
const alias = { "@": path.resolve(import.meta.dirname) };
const withPostgres = process.env.TEST_POSTGRES === "1";
/** Every API answer a test sees is checked against its schema (lib/api/response-check.ts). */
const CHECKED = { CHECK_API_RESPONSES: "1" };
/** A start with DATABASE_URL requires fixed secrets; the tests' are lib/config/testing/test-secrets.ts. */
const setupFiles = ["lib/config/testing/use-test-secrets.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ["lib/db/testing/template-databases.ts"],
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", env: CHECKED, setupFiles, include: ["lib/**/*.test.ts", "bench/**/*.test.ts", "sdk/**/*.test.ts"], exclude: ["**/*.db.test.ts"] },
      },
      {
        resolve: { alias },
        test: {
          name: "db-pglite",
          include: ["lib/**/*.db.test.ts"],
          env: { ...CHECKED, TEST_DB: "pglite" },
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              resolve: { alias },
              test: {
                name: "db-postgres",
                include: ["lib/**/*.db.test.ts"],
                env: { ...CHECKED, TEST_DB: "postgres" },
                setupFiles,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
