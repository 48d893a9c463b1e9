import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e/support/fixture-data";

/**
 * Two projects against one production server: `api` speaks HTTP only; `chromium` drives Debian's
 * Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { baseURL: E2E_BASE_URL, trace: "retain-on-failure" },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    {
      name: "chromium",
      testMatch: "*.spec.ts",
      testIgnore: "api/**",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 860 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        },
      },
    },
  ],
  webServer: {
    command: "node --import tsx e2e/support/start-server.ts",
    url: `${E2E_BASE_URL}/api/v2/openapi.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
