import { and, eq, inArray, isNull } from "drizzle-orm";
import { hashApiKey } from "@/lib/api-keys/key-format";
import { verifyPassword } from "@/lib/auth/password";
import { ConfigError } from "@/lib/config/env";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, users } from "@/lib/db/schema";
import { DEMO } from "./demo-seed";

/** Refusing to start is a configuration problem: the server prints the message alone and exits. */
export class DemoCredentialsInUseError extends ConfigError {}

/**
 * The published demo credentials that still open this database, each with what ends it: an account
 * whose password is still the README's, and the demo key while it is not revoked. A blocked account
 * opens nothing. Two queries and a password check per demo account found.
 */
export async function demoCredentialsInUse(db: DbOrTx): Promise<string[]> {
  const accounts = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.email, [DEMO.admin.email, DEMO.reseller.email]), eq(users.status, "active")));
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, hashApiKey(DEMO.apiKey)), isNull(apiKeys.revokedAt)));
  const found: string[] = [];
  for (const demo of [DEMO.admin, DEMO.reseller]) {
    const account = accounts.find((a) => a.email === demo.email);
    if (account && (await verifyPassword(account.passwordHash, demo.password))) {
      found.push(`${demo.email} still has the demo password "${demo.password}": sign in as it and change the password on the Profile page`);
    }
  }
  if (key) found.push(`the demo API key ${DEMO.apiKey.slice(0, 12)}... (the README's) is active: revoke it on the API keys page of ${DEMO.reseller.email}`);
  return found;
}

/**
 * A server on Postgres is taken for production: it refuses to start while anyone who read the README
 * could sign in or call the API with the demo credentials, unless ALLOW_DEMO=1 says it is a trial or a
 * test. The embedded database is the demo, and keeps them.
 */
export async function refuseDemoCredentialsInProduction(db: DbOrTx, cfg: { DATABASE_URL?: string; ALLOW_DEMO: boolean }): Promise<void> {
  if (!cfg.DATABASE_URL || cfg.ALLOW_DEMO) return;
  const found = await demoCredentialsInUse(db);
  if (found.length === 0) return;
  throw new DemoCredentialsInUseError(
    [
      "Refusing to start: this Postgres database (DATABASE_URL) still opens with the demo credentials the README publishes:",
      ...found.map((line) => `  - ${line}`),
      "To do that, start once with ALLOW_DEMO=1 where only you can reach the server, then restart without it.",
      "For a trial or a test, set ALLOW_DEMO=1 and keep it.",
    ].join("\n"),
  );
}
