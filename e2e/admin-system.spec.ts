import { expect, test } from "@playwright/test";
import { DEMO } from "../lib/seed/demo-seed";
import { EMBEDDED_PORT, baseUrlFor } from "./support/fixture-data";
import { startOwnServer, type OwnServer } from "./support/own-server";
import { screenshotAtBothSizes } from "./support/screenshots";
import { signIn } from "./support/sign-in";

/** Its own server beside the shared one: a chain watcher that fails, which the shared server's must not. */
const PORT = EMBEDDED_PORT + 50;
const BASE = baseUrlFor(PORT);

let server: OwnServer;

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ name: "system", port: PORT, entry: "e2e/support/system-server.ts" });
});

test.afterAll(async () => {
  await server?.stop();
});

test("the health probes answer: live, ready, and the instance's own", async ({ request }) => {
  const live = await request.get("/api/health/live");
  expect(live.status()).toBe(200);
  expect(live.headers()["cache-control"]).toBe("no-store");
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await request.get("/api/health/ready");
  expect(await ready.json()).toEqual({ status: "ok", stopping: false, database: "ok", migrations: "applied", pending_migrations: [] });
  expect(await (await request.get("/api/health")).json()).toEqual({ status: "ok", stopping: false, database: "ok", rate_limits: "in-process" });
});

test("an admin sees the chain watcher fall behind on the landing page and the System page, and retries a failed job", async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password, /\/admin$/);
  // The watcher fails on the reseller's address at its next pass, ten minutes after its last clean scan.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("chain-watcher-alert")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("chain-watcher-alert")).toContainText(/The chain watcher is 1\d min behind: USDT deposits are not being seen/);
  await page.getByRole("link", { name: "See the System page" }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "System" })).toBeVisible();

  await expect(page.getByTestId("system-watcher-alert")).toBeVisible();
  await expect(page.getByTestId("system-version")).toHaveText("0.1.0");
  await expect(page.getByTestId("system-database")).toHaveText("Reachable");
  await expect(page.getByTestId("system-redis")).toHaveText("Not configured");
  const watcherRow = page.getByRole("row").filter({ hasText: DEMO.reseller.email });
  await expect(watcherRow.getByTestId("watcher-error")).toContainText(/failed scans? in a row/);
  await expect(watcherRow).toContainText(/1\d min/);
  // This server, seen by its heartbeat.
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: /server/ })
      .filter({ hasText: `0.1.0` }),
  ).toHaveCount(1);
  await expect(page.getByText(/All \d+ of this version's migrations are applied/)).toBeVisible();

  const failed = page.getByRole("row").filter({ hasText: "payments.expire" });
  await expect(failed.getByTestId("failed-job-error")).toHaveText("canceling statement due to statement timeout (in update payments …)");
  // No sideways scrolling on a phone, WCAG AA, and the shots in screenshots/ at 1280 and 375 px.
  await screenshotAtBothSizes(page, "admin-system");

  await failed.getByRole("button", { name: "Retry", exact: true }).click();
  await expect(page.getByTestId("confirm-question")).toHaveText(/^Run payments\.expire #\d+ again now\?$/);
  await page.getByRole("button", { name: "Retry now" }).click();
  await expect(page.getByText(/Job \d+ \(payments\.expire\) is due again and runs at a worker's next poll\./)).toBeVisible();
  await expect(page.getByText("No failed jobs")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Failed jobs (0)" })).toBeVisible();
});
