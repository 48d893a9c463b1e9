import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseMoney } from "@/lib/money/money";
import { generateSandboxXpub, isUsableXpub } from "@/lib/crypto/extended-keys";
import { parseDuration } from "./duration";

const duration = (example: string) =>
  z.string().transform((text, ctx) => {
    const ms = parseDuration(text);
    if (ms === null) {
      ctx.addIssue({ code: "custom", message: `should be a duration such as ${example}` });
      return z.NEVER;
    }
    return ms;
  });

const money = z.string().transform((text, ctx) => {
  const micros = parseMoney(text);
  if (micros === null || micros < 0n) {
    ctx.addIssue({ code: "custom", message: "should be a non-negative dollar amount such as 10 or 0.5" });
    return z.NEVER;
  }
  return micros;
});

const flag = z.enum(["0", "1", "true", "false", ""]).transform((v) => v === "1" || v === "true");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address to listen on; without it, see loadConfig. */
  HOST: z.union([z.ipv4(), z.ipv6(), z.hostname()], { error: "should be an IP address or a host name, such as 127.0.0.1, 0.0.0.0 or ::" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "should be a postgres:// connection string")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "should be a redis:// or rediss:// URL")
    .optional(),
  AUTH_SECRET: z.string().min(32, "should be at least 32 characters").optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "should be 64 hex characters (32 bytes)")
    .optional(),
  WORKER: z.enum(["inline", "off"]).default("inline"),
  /** The port of an `npm run worker` process's health endpoint (GET /health); off when unset. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  TRUST_PROXY: flag.default(false),
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .default("1m,5m,30m")
    .transform((text, ctx) => {
      const delays = text.split(",").map((part) => parseDuration(part));
      if (delays.some((d) => d === null)) {
        ctx.addIssue({ code: "custom", message: "should be comma-separated durations such as 1m,5m,30m" });
        return z.NEVER;
      }
      return delays as number[];
    }),
  SUPPLIER_DELAY: duration("2s").default(2000),
  /** The answer promised to a reseller who opens a claim: the claims queue counts down to it. */
  CLAIM_RESPONSE_SLA: duration("24h").default(86_400_000),
  /** The whole of one upstream call (connect, send, the complete answer); past it the outcome is unknown. */
  SUPPLIER_TIMEOUT: duration("15s").default(15_000),
  /** How long an order whose upstream outcome is unknown is reconciled before it goes to the manual queue. */
  SUPPLIER_RECONCILE_DEADLINE: duration("24h").default(86_400_000),
  /** How often each supplier's catalog is read for costs and availability (the supplier.sync job). */
  SUPPLIER_SYNC_INTERVAL: duration("1h").default(3_600_000),
  /** Lifts the SSRF guard's private-address check for supplier URLs (a local upstream, tests). */
  SUPPLIER_ALLOW_PRIVATE: flag.default(false),
  /** A production start refuses while an enabled offer points at a sandbox supplier, unless this is set. */
  ALLOW_SANDBOX_SUPPLIER: flag.default(false),
  CHAIN_PROVIDER: z.enum(["sandbox", "trongrid"]).default("sandbox"),
  TRONGRID_URL: z.url({ protocol: /^https?$/ }).default("https://api.trongrid.io"),
  TRONGRID_API_KEY: z.string().optional(),
  TRON_XPUB: z.string().refine(isUsableXpub, "should be an account-level extended public key (xpub...), never a private key").optional(),
  USDT_CONTRACT: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, "should be a TRON base58 contract address")
    .default("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
  CHAIN_POLL_INTERVAL: duration("15s").default(15_000),
  PAYMENT_TTL: duration("60m").default(3_600_000),
  PAYMENT_MIN: money.default(10_000_000n),
  PAYMENT_MAX: money.default(100_000_000_000n),
  DEPOSIT_DUST: money.default(1_000_000n),
  /**
   * Parse every API answer through its response schema and refuse one that is not already its output
   * (lib/api/response-check.ts). The test suites and `npm run dev` switch it on; production trusts the
   * answers those checks have passed, and spares every call the walk.
   */
  CHECK_API_RESPONSES: flag.default(false),
  /** Lets a server on Postgres start while the demo credentials still work: a trial or a test (lib/seed/demo-guard.ts). */
  ALLOW_DEMO: flag.default(false),
  /** Active API keys a reseller may hold: each key has its own rate budget, so keys would multiply it. */
  API_KEYS_PER_RESELLER: z.coerce.number().int().min(1).max(1000).default(20),
  /** How long an API request may take before it is answered 503 service_unavailable, its transaction rolled back. */
  REQUEST_DEADLINE: duration("25s").default(25_000),
  /** Postgres statement_timeout on the app's sessions (0: none). */
  DB_STATEMENT_TIMEOUT: duration("30s").default(30_000),
  /** Postgres idle_in_transaction_session_timeout on the app's sessions (0: none). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT: duration("60s").default(60_000),
  /** How much the JSON log says: fatal, error, warn, info (the default), debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** json (the default: one object per line, for a log collector) or pretty (what `npm run dev` sets). */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** Serves /metrics on the app's port to a scraper that sends it as a Bearer token. */
  METRICS_TOKEN: z.string().min(16, "should be at least 16 characters").optional(),
  /** Serves /metrics without a token on this port alone (the server's, or the worker's). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Exports OpenTelemetry traces over OTLP/HTTP to this collector (e.g. http://127.0.0.1:4318); off when unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Outgoing mail goes through this SMTP server (smtp:// or smtps://, user and password in the URL); unset, it is kept for the admin's Outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, "should be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587")
    .optional(),
  /** The sender of outgoing mail. */
  MAIL_FROM: z.string().min(3, "should be an address, such as Shop <no-reply@example.com>").default("Reseller Panel <no-reply@localhost>"),
  /** Where the panel is reached from outside: the links in mail start with it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "should be an http:// or https:// URL, such as https://panel.example.com" }).optional(),
  /** A new account confirms its address before it can buy or make API keys; on by default with DATABASE_URL. */
  REQUIRE_EMAIL_VERIFICATION: flag.optional(),
  /** Per-minute limits per category, raised only by configuration (the benchmark does). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** The variables the configuration reads, as the documentation lists them. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type AppConfig = Omit<z.infer<typeof envSchema>, "AUTH_SECRET" | "ENCRYPTION_KEY" | "TRON_XPUB" | "PUBLIC_URL" | "REQUIRE_EMAIL_VERIFICATION"> & {
  PUBLIC_URL: string;
  REQUIRE_EMAIL_VERIFICATION: boolean;
  AUTH_SECRET: string;
  ENCRYPTION_KEY: string;
  TRON_XPUB: string;
  dataDir: string;
};

export class ConfigError extends Error {}

function parseEnv(env: Record<string, string | undefined>) {
  const input = Object.fromEntries(Object.keys(envSchema.shape).flatMap((name) => (env[name] === undefined || env[name] === "" ? [] : [[name, env[name]]])));
  const result = envSchema
    .refine((cfg) => cfg.CHAIN_PROVIDER !== "trongrid" || cfg.TRON_XPUB !== undefined, {
      // A generated key has no private half anyone holds: real USDT sent to its addresses would be lost.
      message: "is required with CHAIN_PROVIDER=trongrid: deposit addresses must come from your own wallet's key",
      path: ["TRON_XPUB"],
    })
    .refine((cfg) => cfg.PAYMENT_MIN <= cfg.PAYMENT_MAX, { message: "should not be above PAYMENT_MAX", path: ["PAYMENT_MIN"] })
    // A secret generated into each instance's DATA_DIR differs from the next instance's: two keys
    // writing one database leave each unable to read what the other encrypted or signed.
    .refine((cfg) => !cfg.DATABASE_URL || cfg.AUTH_SECRET !== undefined, {
      message: "is required with DATABASE_URL, the same on every instance, worker and command (make one with: openssl rand -base64 32)",
      path: ["AUTH_SECRET"],
    })
    .refine((cfg) => !cfg.DATABASE_URL || cfg.ENCRYPTION_KEY !== undefined, {
      message: "is required with DATABASE_URL, the same on every instance, worker and command, and kept for good (make one with: openssl rand -hex 32)",
      path: ["ENCRYPTION_KEY"],
    })
    .safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Reads a secret from DATA_DIR, generating it on first use so the embedded mode needs no setup (with DATABASE_URL the secrets are required). */
function generatedSecret(dataDir: string, file: string, make: () => string): string {
  const target = path.join(dataDir, file);
  if (existsSync(target)) return readFileSync(target, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const value = make();
  writeFileSync(target, value + "\n", { mode: 0o600, flag: "wx" });
  return value;
}

/** DATA_DIR as the configuration resolves it, without generating the secrets there: a restore brings its own. */
export function dataDirFrom(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(envSchema.shape.DATA_DIR.parse(env.DATA_DIR || undefined));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    dataDir,
    // The embedded database comes seeded with demo accounts whose passwords are public: this machine
    // only. With DATABASE_URL, every interface (Node's default, IPv6 and IPv4 where the host has both).
    HOST: parsed.HOST ?? (parsed.DATABASE_URL ? undefined : "127.0.0.1"),
    // Links in mail never come from a request's Host header, which whoever asks for a reset sets.
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ""),
    // The embedded demo lets a newcomer try every flow at once; a real deployment confirms addresses.
    REQUIRE_EMAIL_VERIFICATION: parsed.REQUIRE_EMAIL_VERIFICATION ?? parsed.DATABASE_URL !== undefined,
    AUTH_SECRET: parsed.AUTH_SECRET ?? generatedSecret(dataDir, "auth-secret", () => randomBytes(32).toString("base64url")),
    ENCRYPTION_KEY: parsed.ENCRYPTION_KEY ?? generatedSecret(dataDir, "encryption-key", () => randomBytes(32).toString("hex")),
    TRON_XPUB: parsed.TRON_XPUB ?? generatedSecret(dataDir, "sandbox-tron-xpub", generateSandboxXpub),
  };
}

const cache = globalThis as unknown as { __appConfig?: AppConfig };

/** The process-wide configuration, validated once. */
export function config(): AppConfig {
  return (cache.__appConfig ??= loadConfig());
}
