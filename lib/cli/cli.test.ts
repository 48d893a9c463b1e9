import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledCommandLine } from "@/lib/cli/testing/compiled-command-line";
import { startFakeUpstream } from "@/lib/fulfilment/suppliers/testing/fake-upstream";

let commandLine: string;
beforeAll(async () => {
  commandLine = await compiledCommandLine();
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), "cli-test-"));

/** The embedded mode generates its secrets into DATA_DIR (a test reads the key there), unlike the suites' fixed ones. */
const ownSecrets = (env: Record<string, string>) => (env.DATABASE_URL ? {} : { AUTH_SECRET: "", ENCRYPTION_KEY: "" });

function cli(...args: string[]) {
  return cliWith({ DATABASE_URL: "" }, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [commandLine, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, ...ownSecrets(env), ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/** cliWith without blocking this process: for a command that talks to a server this test runs. */
function cliAsync(env: Record<string, string>, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [commandLine, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, ...ownSecrets(env), ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (status) => resolve({ status, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

describe("operator command line (embedded database)", { timeout: 60_000 }, () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates a reseller with a balance and an API key, printing one JSON object", () => {
    const result = cli("reseller:create", "--email", "Shop@Example.com", "--password", "a-long-password", "--tier", "Gold", "--balance", "100", "--api-key");
    expect(result.status, result.stderr).toBe(0);
    const created = JSON.parse(result.stdout);
    expect(created).toEqual({ id: expect.stringMatching(/^usr_/), email: "shop@example.com", api_key: expect.stringMatching(/^rk_live_[0-9A-Za-z]{32,}$/) });
  });

  it("credits a reseller with an adjustment and reports the new balance", () => {
    const result = cli("reseller:credit", "--email", "shop@example.com", "--amount", "50.25", "--note", "wire transfer 42");
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ amount: "50.25", balance: "150.25", transaction_id: expect.stringMatching(/^txn_/) });

    // A debit, written as the help says.
    const debit = cli("reseller:credit", "--email", "shop@example.com", "--amount=-0.25", "--note", "correction");
    expect(debit.status, debit.stderr).toBe(0);
    expect(JSON.parse(debit.stdout)).toMatchObject({ amount: "-0.25", balance: "150.00" });
  });

  it("creates an admin and seeds the demo data idempotently", () => {
    expect(cli("admin:create", "--email", "ops@example.com", "--password", "a-long-password").status).toBe(0);
    expect(JSON.parse(cli("db:seed").stdout)).toEqual({ seeded: "demo tariffs and accounts" });
    expect(JSON.parse(cli("db:seed").stdout)).toEqual({ seeded: "already seeded: nothing changed" });
    expect(cli("db:migrate").status).toBe(0);
  });

  it("seeds the embedded database with --demo as without it", () => {
    expect(JSON.parse(cli("db:seed", "--demo").stdout)).toEqual({ seeded: "already seeded: nothing changed" });
  });

  it("refuses db:seed on Postgres without --demo, saying what it would create, before it opens the database", () => {
    // No server answers at this address: the refusal comes before any connection.
    const result = cliWith({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/shop" }, "db:seed");
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      [
        "error: db:seed on Postgres (DATABASE_URL is set) would create the demo, whose passwords and key the README publishes:",
        "  admin account     admin@example.com, password demo-admin-pass",
        "  reseller account  reseller@example.com, password demo-reseller-pass (Demo Shop, Silver)",
        "  API key           rk_live_DemoKeyOfTheEmbeddedSandbox0000000000 (the reseller's)",
        "  balance           500.00 USD credited to the reseller, backed by no payment",
        "  and the demo tariffs and catalog, with stock codes",
        "Run it with --demo for a trial or a test (the server then starts only with ALLOW_DEMO=1).",
        "For real accounts use admin:create and reseller:create.",
      ].join("\n"),
    );
  });

  it("turns off an account's two-factor sign-in, and says when it was off already", () => {
    expect(JSON.parse(cli("two-factor:off", "--email", "ops@example.com").stdout)).toEqual({ email: "ops@example.com", two_factor_was_on: false });
    const unknown = cli("two-factor:off", "--email", "nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No account with the email nobody@example.com.");
  });

  it("re-encrypts nothing when every stored value is under ENCRYPTION_KEY already", () => {
    const result = cli("encryption:recover", "--old-key", "0f".repeat(32));
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      stock_codes: 0,
      duplicate_codes_dropped: 0,
      returned_to_stock: 0,
      orders: 0,
      webhook_secrets: 0,
      webhook_bodies: 0,
      two_factor_secrets: 0,
      supplier_credentials: 0,
      still_unreadable: 0,
    });
    // The key the embedded mode generated is the one in use, not another.
    const own = cli("encryption:recover", "--old-key", readFileSync(path.join(dataDir, "encryption-key"), "utf8").trim().toUpperCase());
    expect(own.status).toBe(1);
    expect(own.stderr).toBe("error: --old-key is this configuration's ENCRYPTION_KEY; give the other key");
  });

  it.each([
    [["reseller:create", "--email", "x@example.com"], /--password is required/],
    [["reseller:create", "--email", "bad", "--password", "a-long-password"], /--email: .*valid email/],
    [["reseller:create", "--email", "z@example.com", "--password", "short"], /--password: Use at least 10 characters/],
    [["reseller:create", "--email", "shop@example.com", "--password", "a-long-password"], /already exists/],
    [["reseller:credit", "--email", "shop@example.com", "--amount", "1.2.3", "--note", "x"], /dollar amount/],
    [["reseller:credit", "--email", "nobody@example.com", "--amount", "1", "--note", "x"], /No reseller/],
    [["reseller:create", "--email", "y@example.com", "--password", "a-long-password", "--tier", "Platinum"], /--tier should be one of/],
    [["encryption:recover"], /--old-key is required/],
    [["encryption:recover", "--old-key", "not-a-key"], /--old-key should be 64 hex characters/],
  ])("refuses %j with a clear message", (args, message) => {
    const result = cli(...args);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  let supplier: { id: string };
  it("adds a supplier and lists it with its key shown only as a hint", () => {
    const key = "rk_live_UpstreamKeyForTheCommandLine000000";
    const added = cli("supplier:add", "--kind", "reseller-api", "--name", "Wholesaler B", "--url", "http://127.0.0.1:9", "--key", key);
    expect(added.status, added.stderr).toBe(0);
    supplier = JSON.parse(added.stdout);
    expect(supplier).toMatchObject({ id: expect.stringMatching(/^sup_/), kind: "reseller-api", name: "Wholesaler B", credentials: "…0000", enabled: true });
    const listed = cli("supplier:list");
    // Beside the demo seed's sandbox supplier.
    expect(JSON.parse(listed.stdout)).toEqual(expect.arrayContaining([supplier, expect.objectContaining({ kind: "sandbox", credentials: null })]));
    expect(listed.stdout + added.stdout).not.toContain(key);
  });

  it("tests a supplier's connection and keeps the reason it fails as its last error", () => {
    const tested = cli("supplier:test", supplier.id);
    expect(tested.status, tested.stderr).toBe(0);
    expect(JSON.parse(tested.stdout)).toEqual({ id: supplier.id, ok: false, reason: expect.stringContaining("loopback address") });
    expect(JSON.parse(cli("supplier:list").stdout).find((s: { id: string }) => s.id === supplier.id).last_error).toContain("loopback address");
    expect(cli("supplier:test", "sup_unknown").stderr).toBe("error: Supplier was not found.");
  });

  it("connects a supplier's webhooks: our endpoint set at the upstream, its secret kept; refuses what cannot be connected", async () => {
    const upstream = await startFakeUpstream();
    try {
      const added = await cliAsync(
        { DATABASE_URL: "" },
        "supplier:add",
        "--kind",
        "reseller-api",
        "--name",
        "Hooked B",
        "--url",
        upstream.url,
        "--key",
        upstream.apiKey,
      );
      const hooked = JSON.parse(added.stdout) as { id: string };
      const connected = await cliAsync({ DATABASE_URL: "", SUPPLIER_ALLOW_PRIVATE: "1" }, "supplier:webhook", hooked.id, "--url", "https://panel.example");
      expect(connected.status, connected.stderr).toBe(0);
      expect(JSON.parse(connected.stdout)).toEqual({ id: hooked.id, webhook_url: `https://panel.example/api/suppliers/${hooked.id}/webhook` });
      expect(upstream.webhook!.url).toBe(`https://panel.example/api/suppliers/${hooked.id}/webhook`);
      const listed = JSON.parse((await cliAsync({ DATABASE_URL: "" }, "supplier:list")).stdout) as { id: string; webhook_connected: boolean }[];
      expect(listed.find((s) => s.id === hooked.id)!.webhook_connected).toBe(true);
      expect(connected.stdout + listed.map((s) => JSON.stringify(s)).join("")).not.toContain(upstream.webhook!.secret);
    } finally {
      await upstream.close();
    }
    const guarded = cli("supplier:webhook", supplier.id, "--url", "https://panel.example");
    expect(guarded.status).not.toBe(0);
    expect(guarded.stderr).toContain("did not take the webhook");
    expect(cli("supplier:webhook", "sup_unknown", "--url", "https://panel.example").stderr).toBe("error: Supplier was not found.");
    expect(cli("supplier:webhook").stderr).toContain("supplier:webhook needs the supplier's id");
  });

  it("imports a supplier's category at a margin, prints what it made and skipped, and syncs it", async () => {
    const upstream = await startFakeUpstream();
    upstream.catalog = [
      { sku: "card-10", category: "giftcard", name: "Card 10", group: "Cards", price: "9.70", inStock: true },
      { sku: "card-20", category: "giftcard", name: "Card 20", group: "Cards", price: "19.00", inStock: false },
      { sku: "uc-325", category: "topup", name: "UC 325", group: "Game", price: "4.90", inStock: true },
    ];
    try {
      const added = JSON.parse(
        (
          await cliAsync(
            { DATABASE_URL: "" },
            "supplier:add",
            "--kind",
            "reseller-api",
            "--name",
            "Importer B",
            "--url",
            upstream.url,
            "--key",
            upstream.apiKey,
          )
        ).stdout,
      ) as { id: string };
      const imported = await cliAsync(
        { DATABASE_URL: "", SUPPLIER_ALLOW_PRIVATE: "1" },
        "supplier:import",
        added.id,
        "--category",
        "giftcard",
        "--margin",
        "5%",
      );
      expect(imported.status, imported.stderr).toBe(0);
      expect(JSON.parse(imported.stdout)).toEqual({
        created: [{ sku: "importer-b-card-10", name: "Card 10", upstream_id: "card-10", price: "10.19", cost: "9.70" }],
        skipped: [{ upstream_id: "card-20", name: "Card 20", reason: "Not sold by the supplier now." }],
      });
      upstream.catalog[0].price = "10.40";
      const synced = await cliAsync({ DATABASE_URL: "", SUPPLIER_ALLOW_PRIVATE: "1" }, "supplier:sync", added.id);
      expect(synced.status, synced.stderr).toBe(0);
      expect(JSON.parse(synced.stdout)).toEqual({
        id: added.id,
        complete: true,
        changes: [
          { sku: "importer-b-card-10", action: "cost", old_cost: "9.70", new_cost: "10.40", old_price: null, new_price: null },
          { sku: "importer-b-card-10", action: "paused", old_cost: null, new_cost: "10.40", old_price: "10.19", new_price: "10.19" },
        ],
      });
      const badMargin = await cliAsync(
        { DATABASE_URL: "", SUPPLIER_ALLOW_PRIVATE: "1" },
        "supplier:import",
        added.id,
        "--category",
        "giftcard",
        "--margin",
        "plenty",
      );
      expect(badMargin.status).toBe(1);
      expect(badMargin.stderr).toContain("--margin: Give the margin as a percent such as 5% or an amount over cost such as 0.50.");
    } finally {
      await upstream.close();
    }
    expect(cli("supplier:import").stderr).toContain("supplier:import needs the supplier's id");
    expect(cli("supplier:sync", "sup_unknown").stderr).toBe("error: Supplier was not found.");
  });

  it("adds an offer of a supplier for a product, and refuses a supplier without a URL", () => {
    const offer = cli("offer:add", "--sku", "topup-pubgm-325", "--supplier", supplier.id, "--upstream-sku", "pubg-325", "--cost", "4.70", "--priority", "1");
    expect(offer.status, offer.stderr).toBe(0);
    expect(JSON.parse(offer.stdout)).toMatchObject({
      id: expect.stringMatching(/^ofr_/),
      sku: "topup-pubgm-325",
      supplier_id: supplier.id,
      upstream_product_id: "pubg-325",
      cost: "4.70",
      priority: 1,
    });
    expect(cli("offer:add", "--sku", "no-such-sku", "--supplier", supplier.id, "--upstream-sku", "x", "--cost", "1").stderr).toBe(
      "error: Product was not found.",
    );
    const refused = cli("supplier:add", "--kind", "reseller-api", "--name", "No URL");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("error: --url: Give the supplier's base URL");
  });

  it("adds a Reloadly supplier with its client credentials, at Reloadly's gift-cards host unless told otherwise", () => {
    const secret = "reloadly-client-secret-NeverShown-77";
    const added = cli("supplier:add", "--kind", "reloadly", "--name", "Reloadly", "--client-id", "rld-client-4321", "--client-secret", secret);
    expect(added.status, added.stderr).toBe(0);
    // The hint names the client id's end, nothing of the secret.
    expect(JSON.parse(added.stdout)).toMatchObject({
      id: expect.stringMatching(/^sup_/),
      kind: "reloadly",
      base_url: "https://giftcards.reloadly.com",
      credentials: "…4321",
    });
    const sandbox = cli(
      "supplier:add",
      "--kind",
      "reloadly",
      "--name",
      "Reloadly test",
      "--url",
      "https://giftcards-sandbox.reloadly.com",
      "--client-id",
      "rld-client-8765",
      "--client-secret",
      secret,
      "--auth-url",
      "https://auth.reloadly.com",
    );
    expect(sandbox.status, sandbox.stderr).toBe(0);
    expect(JSON.parse(sandbox.stdout)).toMatchObject({ base_url: "https://giftcards-sandbox.reloadly.com" });
    expect(cli("supplier:list").stdout + added.stdout + sandbox.stdout).not.toContain(secret);
    const missing = cli("supplier:add", "--kind", "reloadly", "--name", "No secret", "--client-id", "rld-client-4321");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("error: --client-secret: Give the client secret");
    const withKey = cli(
      "supplier:add",
      "--kind",
      "reloadly",
      "--name",
      "A key",
      "--key",
      "rk_live_SomeKey0000",
      "--client-id",
      "rld-client-4321",
      "--client-secret",
      secret,
    );
    expect(withKey.stderr).toContain("error: --key: A Reloadly supplier takes a client id and client secret, not a key.");
    const wrongKind = cli(
      "supplier:add",
      "--kind",
      "reseller-api",
      "--name",
      "B",
      "--url",
      "https://b.example",
      "--key",
      "rk_live_SomeKey0000",
      "--client-id",
      "rld-client-4321",
    );
    expect(wrongKind.stderr).toContain("error: --client-id: Only a Reloadly supplier takes");
  });

  it("adds a kinguin supplier by its key alone: its URL is Kinguin's production gateway", () => {
    const added = cli("supplier:add", "--kind", "kinguin", "--name", "Kinguin", "--key", "kinguin-cli-key-0123456789abcdef");
    expect(added.status, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ kind: "kinguin", base_url: "https://gateway.kinguin.net/esa/api", credentials: "…cdef" });
    const keyless = cli("supplier:add", "--kind", "kinguin", "--name", "No key");
    expect(keyless.status).toBe(1);
    expect(keyless.stderr).toContain("error: --key: Give the API key the supplier issued to us.");
  });

  it("refuses while a server holds the embedded database", () => {
    const holder = spawnSync(process.execPath, ["-e", "setTimeout(() => {}, 1)"]);
    expect(holder.status).toBe(0);
    writeFileSync(path.join(dataDir, "pglite.lock"), JSON.stringify({ pid: process.pid === 1 ? 2 : process.ppid, owner: "server" }));
    const result = cli("db:seed");
    rmSync(path.join(dataDir, "pglite.lock"));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/in use by the server .*Stop it first, or use the admin panel/);
  });
});
