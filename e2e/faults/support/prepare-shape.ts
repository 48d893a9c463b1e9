/*
 * Fills the suite's fresh database through the app's own domain functions, as an operator's set-up
 * would: migrations, tariffs, a stock gift card and a sandbox-supplier top-up, and the resellers with
 * balances, API keys and webhooks pointing at the suite's receiver. Prints what the suite needs as
 * one JSON line after PREPARED.
 *
 *   DATABASE_URL=... ENCRYPTION_KEY=... DATA_DIR=... RECEIVER_URL=http://127.0.0.1:port \
 *     node --import tsx e2e/faults/support/prepare-shape.ts name1 name2 ... --failing dud
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { addStockCodes } from "@/lib/catalog/stock";
import { createProduct } from "@/lib/catalog/manage-products";
import { resellerCreate } from "@/lib/cli/commands";
import { database } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { saveWebhook } from "@/lib/webhooks/settings";
import { FAULT_SKUS, type PreparedShape, type PreparedReseller } from "./shape-data";
import { accountActor } from "@/lib/audit/record";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { failing: { type: "string", multiple: true } } });
const receiver = process.env.RECEIVER_URL;
if (!receiver) throw new Error("RECEIVER_URL is required");

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const stockCode = () => Array.from(randomBytes(15), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");

async function main() {
  const shared = database();
  await migrateDatabase(shared);
  const { db } = shared;
  await ensureTariffs(db);
  await createProduct(db, {
    sku: FAULT_SKUS.stock,
    category: "giftcard",
    name: "Fault suite gift card",
    group: "Faults",
    region: "GLOBAL",
    listPrice: "1.00",
    fields: [],
    minQuantity: 1,
    maxQuantity: 5,
    fulfilment: "stock",
    enabled: true,
    lowStockThreshold: 0,
  });
  await addStockCodes(
    db,
    FAULT_SKUS.stock,
    Array.from({ length: 6_000 }, () => ({ code: stockCode(), pin: null, serial: null })),
  );
  await createProduct(db, {
    sku: FAULT_SKUS.supplier,
    category: "topup",
    name: "Fault suite top-up",
    group: "Faults",
    region: "GLOBAL",
    listPrice: "0.50",
    fields: [{ name: "player_id", label: "Player ID", required: true, pattern: "^[0-9]{5,12}$" }],
    minQuantity: 1,
    maxQuantity: 10,
    fulfilment: "supplier",
    enabled: true,
    lowStockThreshold: 0,
  });

  const reseller = async (name: string, hookPath: string): Promise<PreparedReseller> => {
    const email = `${name}-${randomBytes(3).toString("hex")}@faults.test`;
    const password = `${name}-password-123`;
    const created = await resellerCreate(db, { email, password, tier: "Bronze", balance: "10000", "api-key": true });
    const webhookUrl = `${receiver}/${hookPath}/${name}`;
    const { secret } = await saveWebhook(db, created.id, { url: webhookUrl, enabled: true }, accountActor(created.id), { allowPrivate: true });
    return { name, id: created.id, email, password, apiKey: created.api_key!, secret: secret!, webhookUrl };
  };
  const prepared: PreparedShape = {
    resellers: await Promise.all(positionals.map((name) => reseller(name, "hook"))),
    failing: await Promise.all((values.failing ?? []).map((name) => reseller(name, "dud"))),
  };
  console.log(`PREPARED ${JSON.stringify(prepared)}`);
  await shared.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
