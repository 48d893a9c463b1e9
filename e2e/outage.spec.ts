import postgres from "postgres";
import { TEST_POSTGRES_URL } from "@/lib/db/testing/test-database";
import { baseUrlFor, POSTGRES_PORT, readFixtures } from "./support/fixture-data";
import { screenshotAtBothSizes } from "./support/screenshots";
import { signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

// Only the Postgres server's database can be taken away from under a running server; CI starts that
// server (TEST_POSTGRES=1), a plain local run has only the embedded one.
const withPostgres = process.env.TEST_POSTGRES === "1";

test.use({ baseURL: baseUrlFor(POSTGRES_PORT) });

/** Closes the server's database to every connection, its open ones included, until `restore`. */
async function takeDatabaseAway(databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`alter database "${name}" allow_connections false`);
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
  return {
    async restore() {
      await admin.unsafe(`alter database "${name}" allow_connections true`);
      await admin.end();
    },
  };
}

test.describe("while the database does not answer", () => {
  test.skip(!withPostgres, "needs the Postgres server that TEST_POSTGRES=1 starts");

  test("a reseller sees the panel's error page with a retry that works once it is back, and the API a retryable 503", async ({ page, request }) => {
    const fixtures = readFixtures(POSTGRES_PORT);
    await signIn(page, fixtures.alice.email, fixtures.alice.password);

    const outage = await takeDatabaseAway(fixtures.databaseUrl!);
    try {
      const response = await page.goto("/orders");
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
      await expect(page.getByText(/look for it under Orders or Balance before you send it again/)).toBeVisible();
      // The digest the server logged with the error, so that support can find it.
      await expect(page.getByText(/^Reference for support: \w+$/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Reseller Panel" })).toHaveAttribute("href", "/");
      await screenshotAtBothSizes(page, "error-page");

      const api = await request.get("/api/v2/balance", { headers: { "X-API-Key": fixtures.alice.apiKey } });
      // An outage, not a bug: 503 with a time to come back, as a deadline's is.
      expect(api.status()).toBe(503);
      expect(api.headers()["retry-after"]).toBe("5");
      expect((await api.json()).error).toMatchObject({ code: "service_unavailable", retryable: true });
      expect(await api.text()).not.toMatch(/allow_connections|pg_|stack|at \w+ \(/i);
      expect((await request.get("/api/health")).status()).toBe(503);
    } finally {
      await outage.restore();
    }

    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    expect((await request.get("/api/health")).status()).toBe(200);
  });
});
