import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "config-test-"));

describe("configuration", () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("has a working default for every variable and generates secrets into DATA_DIR once", () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({
      PORT: 3000,
      WORKER: "inline",
      TRUST_PROXY: false,
      WEBHOOK_ALLOW_PRIVATE: false,
      WEBHOOK_RETRY_DELAYS: [60_000, 300_000, 1_800_000],
      SUPPLIER_DELAY: 2000,
      SUPPLIER_TIMEOUT: 15_000,
      SUPPLIER_RECONCILE_DEADLINE: 86_400_000,
      SUPPLIER_ALLOW_PRIVATE: false,
      ALLOW_SANDBOX_SUPPLIER: false,
      CHAIN_PROVIDER: "sandbox",
      TRONGRID_URL: "https://api.trongrid.io",
      USDT_CONTRACT: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      CHAIN_POLL_INTERVAL: 15_000,
      PAYMENT_TTL: 3_600_000,
      PAYMENT_MIN: 10_000_000n,
      PAYMENT_MAX: 100_000_000_000n,
      DEPOSIT_DUST: 1_000_000n,
    });
    expect(first.DATABASE_URL).toBeUndefined();
    expect(first.ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, "encryption-key"), "utf8").trim()).toBe(first.ENCRYPTION_KEY);
    expect(loadConfig({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first.AUTH_SECRET);
    expect(first.TRON_XPUB).toMatch(/^xpub/);
    expect(readFileSync(path.join(dataDir, "sandbox-tron-xpub"), "utf8").trim()).toBe(first.TRON_XPUB);
    expect(loadConfig({ DATA_DIR: dataDir }).TRON_XPUB).toBe(first.TRON_XPUB);
  });

  it("refuses the real chain without the operator's own TRON_XPUB, and bounds that cross", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, CHAIN_PROVIDER: "trongrid" })).toThrow(/TRON_XPUB=undefined: is required with CHAIN_PROVIDER=trongrid/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_MIN: "500", PAYMENT_MAX: "100" })).toThrow(/PAYMENT_MIN="500": should not be above PAYMENT_MAX/);
  });

  it("parses durations and amounts", () => {
    const cfg = loadConfig({ DATA_DIR: dataDir, WEBHOOK_RETRY_DELAYS: "1s,2s,500ms", SUPPLIER_DELAY: "0", PAYMENT_MIN: "0.5", TRUST_PROXY: "1" });
    expect(cfg).toMatchObject({ WEBHOOK_RETRY_DELAYS: [1000, 2000, 500], SUPPLIER_DELAY: 0, PAYMENT_MIN: 500_000n, TRUST_PROXY: true });
  });

  it("listens on loopback alone for the embedded demo, on every interface with DATABASE_URL, or where HOST says", () => {
    const postgres = "postgres://postgres@127.0.0.1:5432/app";
    const secrets = { AUTH_SECRET: "a".repeat(32), ENCRYPTION_KEY: "b".repeat(64) };
    expect(loadConfig({ DATA_DIR: dataDir }).HOST).toBe("127.0.0.1");
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres, ...secrets }).HOST).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres, ...secrets, HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "::" }).HOST).toBe("::");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "panel.internal" }).HOST).toBe("panel.internal");
  });

  it("with DATABASE_URL requires AUTH_SECRET and ENCRYPTION_KEY, and says why, rather than generating them per instance", () => {
    const postgres = "postgres://postgres@127.0.0.1:5432/app";
    const keyless = mkdtempSync(path.join(os.tmpdir(), "config-keyless-"));
    try {
      expect(() => loadConfig({ DATA_DIR: keyless, DATABASE_URL: postgres })).toThrow(
        /AUTH_SECRET=undefined: is required with DATABASE_URL, the same on every instance, worker and command[^\n]*\n  ENCRYPTION_KEY=undefined: is required with DATABASE_URL/,
      );
      expect(() => loadConfig({ DATA_DIR: keyless, DATABASE_URL: postgres, AUTH_SECRET: "a".repeat(32) })).toThrow(
        /ENCRYPTION_KEY=undefined: .*openssl rand -hex 32/,
      );
      expect(existsSync(path.join(keyless, "auth-secret")) || existsSync(path.join(keyless, "encryption-key"))).toBe(false);
      const secrets = { AUTH_SECRET: "a".repeat(32), ENCRYPTION_KEY: "b".repeat(64) };
      expect(loadConfig({ DATA_DIR: keyless, DATABASE_URL: postgres, ...secrets })).toMatchObject(secrets);
    } finally {
      rmSync(keyless, { recursive: true, force: true });
    }
  });

  it.each([
    ["PORT", "http", /PORT="http"/],
    ["HOST", "http://0.0.0.0", /HOST="http:\/\/0.0.0.0": should be an IP address or a host name/],
    ["HOST", "[::1]:3000", /HOST=.*should be an IP address or a host name/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL="mysql:\/\/x": should be a postgres:\/\/ connection string/],
    ["REDIS_URL", "localhost:6379", /REDIS_URL=.*redis:\/\//],
    ["WORKER", "sometimes", /WORKER=/],
    ["WEBHOOK_RETRY_DELAYS", "1m,soon", /comma-separated durations/],
    ["SUPPLIER_DELAY", "fast", /duration such as 2s/],
    ["PAYMENT_MIN", "ten", /dollar amount/],
    ["ENCRYPTION_KEY", "short", /64 hex characters/],
    ["TRON_XPUB", "xprv123", /extended public key/],
    ["CHAIN_PROVIDER", "infura", /CHAIN_PROVIDER=/],
  ])("names %s and what it should hold when it is invalid", (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(message);
  });
});
