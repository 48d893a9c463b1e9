import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(os.tmpdir(), `reseller-panel-e2e-${E2E_PORT}`);
export const FIXTURES_FILE = path.join(E2E_DATA_DIR, "e2e-fixtures.json");

export interface ResellerFixture {
  id: string;
  email: string;
  password: string;
  apiKey: string;
}

export interface Fixtures {
  admin: { email: string; password: string };
  alice: ResellerFixture;
  bob: ResellerFixture;
  /** A reseller the tests block through the admin panel. */
  carol: ResellerFixture;
  aliceTransactionId: string;
  bobTransactionId: string;
  /** Bob's key reserved for exhausting a rate-limit category. */
  rateLimitKey: string;
  revokedKey: string;
  /** Bob's key that only 192.0.2.0/24 may use. */
  allowlistedKey: string;
}

export function readFixtures(): Fixtures {
  return JSON.parse(readFileSync(FIXTURES_FILE, "utf8"));
}
