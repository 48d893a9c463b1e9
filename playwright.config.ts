import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { baseUrlFor, EMBEDDED_PORT, POSTGRES_PORT } from "./e2e/support/fixture-data";

/**
 * Against the production build: `api` speaks HTTP only and `chromium` drives Debian's Chromium (never
 * a downloaded browser), both on the embedded database. With TEST_POSTGRES=1 (CI) the API suite runs
 * a second time against a server on the real Postgres with the Redis rate-limit store, and the fault
 * suite runs once: the production shape (Postgres, its own redis-server, two instances, two workers)
 * with faults injected. `suppliers` starts a second instance of the app as an upstream wholesaler.
 */
const withPostgres = process.env.TEST_POSTGRES === "1";
/** A regular expression, not a glob: a glob's "faults/**" also matches a checkout that sits in a folder named faults. */
const FAULT_SPECS = /e2e\/faults\/.*\.spec\.ts$/;
/** API specs about a client of the API, not the server's storage: once, on the embedded database, is enough. */
const SERVER_AGNOSTIC_SPECS = [/e2e\/api\/sdk\.spec\.ts$/];

type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, { command: string }>;

function server(port: number, extraArgs = ""): WebServer {
  return {
    command: `node --import tsx e2e/support/start-server.ts --port ${port} ${extraArgs}`.trim(),
    url: `${baseUrlFor(port)}/api/v2/openapi.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    // Its output is in the server log file the log audit reads (e2e/support/start-server.ts), not repeated here.
    stdout: "ignore",
    stderr: "pipe",
  };
}

/** Debian's Chromium, never a downloaded browser. */
const chromium: PlaywrightTestConfig["use"] = {
  browserName: "chromium",
  viewport: { width: 1280, height: 860 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: { baseURL: baseUrlFor(EMBEDDED_PORT), trace: "retain-on-failure" },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    { name: "suppliers", testMatch: /e2e\/suppliers\/.*\.spec\.ts$/, use: chromium },
    // Instances of their own, started by the spec with the configuration it is about (observability).
    { name: "instances", testMatch: /e2e\/instances\/.*\.spec\.ts$/ },
    ...(withPostgres
      ? [{ name: "api-postgres", testMatch: "api/**/*.spec.ts", testIgnore: SERVER_AGNOSTIC_SPECS, use: { baseURL: baseUrlFor(POSTGRES_PORT) } }]
      : []),
    { name: "chromium", testMatch: "*.spec.ts", testIgnore: ["api/**", /e2e\/suppliers\//, /e2e\/instances\//, /e2e\/logs\//, FAULT_SPECS], use: chromium },
    // Last: searches what the servers logged during the whole run for keys, codes and secrets.
    {
      name: "logs",
      testMatch: /e2e\/logs\/.*\.spec\.ts$/,
      dependencies: ["api", "suppliers", "instances", "chromium", ...(withPostgres ? ["api-postgres"] : [])],
    },
    // The fault suite starts its own Postgres database, Redis, instances and workers (no webServer of its own).
    ...(withPostgres ? [{ name: "faults", testMatch: FAULT_SPECS }] : []),
  ],
  webServer: [server(EMBEDDED_PORT), ...(withPostgres ? [server(POSTGRES_PORT, "--postgres")] : [])],
});
