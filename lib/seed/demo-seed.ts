import { createUser } from "@/lib/accounts/create-user";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import type { Db } from "@/lib/db/client";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { formatMoney } from "@/lib/money/money";
import { seedCatalog } from "@/lib/catalog/seed-catalog";
import { attachSandboxOffers } from "@/lib/fulfilment/manage-suppliers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";

/** The demo accounts of the embedded mode; the README and the start-up log name them. */
export const DEMO = {
  admin: { email: "admin@example.com", password: "demo-admin-pass" },
  reseller: { email: "reseller@example.com", password: "demo-reseller-pass", name: "Demo Shop", tier: "Silver" },
  /** A fixed key so the README can show working curl commands against a fresh install. */
  apiKey: "rk_live_DemoKeyOfTheEmbeddedSandbox0000000000",
  balance: 500_000_000n,
} as const;

/** What seedDemo creates, line by line, for an operator to read before it lands in a shared database. */
export function demoSeedContents(): string[] {
  return [
    `admin account     ${DEMO.admin.email}, password ${DEMO.admin.password}`,
    `reseller account  ${DEMO.reseller.email}, password ${DEMO.reseller.password} (${DEMO.reseller.name}, ${DEMO.reseller.tier})`,
    `API key           ${DEMO.apiKey} (the reseller's)`,
    `balance           ${formatMoney(DEMO.balance)} USD credited to the reseller, backed by no payment`,
    "and the demo tariffs and catalog, with stock codes",
  ];
}

/**
 * Seeds tariffs, the demo catalog with stock, the sandbox supplier's offers for its supplier products,
 * and the demo accounts; running it again changes nothing.
 */
export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  await ensureTariffs(db);
  await seedCatalog(db);
  await attachSandboxOffers(db);
  if (await findUserByEmail(db, DEMO.reseller.email)) return { created: false };
  await db.transaction(async (tx) => {
    if (!(await findUserByEmail(tx, DEMO.admin.email))) {
      await createUser(tx, { email: DEMO.admin.email, password: DEMO.admin.password, name: "Demo Admin", role: "admin" });
    }
    const reseller = await createUser(tx, DEMO.reseller);
    await createApiKey(tx, { userId: reseller.id, name: "Demo key", key: DEMO.apiKey });
    await postLedgerEntry(tx, { userId: reseller.id, type: "adjustment", amount: DEMO.balance, description: "Demo opening balance" });
  });
  return { created: true };
}
