import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The embedded-database server every project uses, and the Postgres + Redis one CI adds. */
export const EMBEDDED_PORT = Number(process.env.E2E_PORT ?? 3100);
export const POSTGRES_PORT = 3101;

export const baseUrlFor = (port: number) => `http://127.0.0.1:${port}`;
export const dataDirFor = (port: number) => path.join(os.tmpdir(), `reseller-panel-e2e-${port}`);
export const fixturesFileFor = (port: number) => path.join(dataDirFor(port), "e2e-fixtures.json");
/** The loopback SMTP server the e2e server sends through (e2e/support/start-server.ts); E2E_SMTP_PORT moves it. */
export const smtpPortFor = (port: number) => Number(process.env.E2E_SMTP_PORT ?? port + 2000);
/** Every mail that server received, one JSON object a line (e2e/support/mailbox.ts reads it). */
export const mailboxFileFor = (port: number) => path.join(dataDirFor(port), "mailbox.jsonl");
/** Everything the server printed during the run (e2e/support/start-server.ts), for the log audit. */
export const serverLogFor = (port: number) => path.join(dataDirFor(port), "server.log");

export interface ResellerFixture {
  id: string;
  email: string;
  password: string;
  apiKey: string;
}

export interface Fixtures {
  admin: { email: string; password: string };
  /** Another admin, who takes a manual order over from the first. */
  secondAdmin: { email: string; password: string };
  alice: ResellerFixture;
  bob: ResellerFixture;
  /** The USDT top-up API spec's reseller (opening balance 0). */
  leo: ResellerFixture;
  /** The USDT top-up browser spec's reseller (opening balance 0). */
  mia: ResellerFixture;
  /** A reseller the tests block through the admin panel. */
  carol: ResellerFixture;
  /** A Gold buyer with 1000.00 for the catalog and order specs (no other spec asserts its balance). */
  dave: ResellerFixture;
  /** A Bronze buyer with 200.00 for the catalog and order specs. */
  erin: ResellerFixture;
  /** Dave's key for catalog reads, so the catalog spec has its own catalog_read budget. */
  daveCatalogKey: string;
  /** Dave's second key, for the order spec's error cases (their own order_create budget). */
  daveSecondKey: string;
  /** Eight keys of a reseller without balance, for the method and bad-input matrix (each key has its own budgets). */
  matrixKeys: string[];
  /** A disabled stock product with one readable code, and an older one stored under another ENCRYPTION_KEY. */
  unreadableStockSku: string;
  /** The reseller who owns the order below. */
  paula: ResellerFixture;
  /** Paula's completed order of two codes, the second stored under another ENCRYPTION_KEY. */
  unreadableDeliveryOrderId: string;
  aliceTransactionId: string;
  bobTransactionId: string;
  /** Bob's key reserved for exhausting a rate-limit category. */
  rateLimitKey: string;
  revokedKey: string;
  /** Bob's key that only 192.0.2.0/24 may use. */
  allowlistedKey: string;
  /** The webhook API spec's reseller (100.00), whose webhook points at a receiver inside the test. */
  frank: ResellerFixture;
  /** The webhook browser spec's reseller. */
  grace: ResellerFixture;
  /** The notifications browser spec's reseller (50.00), whose webhook it drives to disabled. */
  nina: ResellerFixture;
  /** The scoped-keys API spec's reseller (100.00); its fixture key has every scope. */
  uma: ResellerFixture;
  /** Uma's key with every scope but orders:write. */
  umaNoOrdersKey: string;
  /** The audit-log browser spec's reseller. */
  tess: ResellerFixture;
  /** The subscription API spec's Silver reseller with 1000.00. */
  henry: ResellerFixture;
  /** The subscription API spec's Bronze reseller with 5.00 (for 402). */
  ivy: ResellerFixture;
  /** The subscription browser spec's Silver reseller with 1000.00. */
  judy: ResellerFixture;
  /** A Bronze reseller whose tier the admin browser spec sets by hand. */
  kate: ResellerFixture;
  /** The panel budget spec's reseller (100.00), whose session spends its default budget to the end. */
  noah: ResellerFixture;
  /** The chat specs' reseller (100.00), who owns the two manual orders below. */
  oscar: ResellerFixture;
  /** A processing manual order whose chat holds as many messages as a chat can. */
  fullChatOrderId: string;
  /** A processing manual order whose chat holds 60 messages ("Message 1" to "Message 60"), more than the panels show at first. */
  longChatOrderId: string;
  /** The SDK spec's reseller (1000.00), whose webhook points at a receiver inside that spec. */
  sam: ResellerFixture;
  /** Sam's second key, which the SDK spec spends to a real 429. */
  samRateLimitKey: string;
  /** The claims API spec's resellers (200.00 each): rita's webhook takes the extended events, rosa's does not. */
  rita: ResellerFixture;
  rosa: ResellerFixture;
  /** The claims browser spec's reseller (200.00). */
  ruth: ResellerFixture;
  /** The Postgres server's database, which the outage spec takes away and gives back; absent on the embedded one. */
  databaseUrl?: string;
}

export function readFixtures(port: number): Fixtures {
  return JSON.parse(readFileSync(fixturesFileFor(port), "utf8"));
}
