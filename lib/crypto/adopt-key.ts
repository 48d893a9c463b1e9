import { and, asc, eq, gt, isNotNull, isNull, ne } from "drizzle-orm";
import { stockCodeHash } from "@/lib/catalog/code-hash";
import type { Db } from "@/lib/db/client";
import { orders, stockCodes, suppliers, twoFactor, unreadableStockCodes, webhookDeliveries, webhookEndpoints, type StoredDelivery } from "@/lib/db/schema";
import { decryptSecret, encryptSecret, tryDecryptSecret } from "./encryption";

/** What a run found of values written under the other key, by where they are kept. */
export interface AdoptOutcome {
  /** Stock codes, sold or not, and pins, now under ENCRYPTION_KEY. */
  stockCodes: number;
  /** Free codes dropped because the same code is in stock under ENCRYPTION_KEY already: kept, it would sell twice. */
  duplicatesDropped: number;
  /** Codes that orders had set aside, back in stock under ENCRYPTION_KEY; one uploaded again since is not added twice. */
  returnedToStock: number;
  /** Orders whose delivered codes were re-encrypted, so that reading them no longer fails. */
  orders: number;
  webhookSecrets: number;
  webhookBodies: number;
  /** Authenticator-app secrets of two-factor sign-in, so that the accounts' app codes are accepted again. */
  twoFactorSecrets: number;
  /** Suppliers' API keys, so that orders can be bought upstream again. */
  supplierCredentials: number;
  /** Values that neither key opens, left as they are. */
  unreadable: number;
}

const BATCH = 500;

/** The value under ENCRYPTION_KEY: itself if that key opens it, re-encrypted if only the other key does, null if neither. */
function underOwnKey(stored: string, otherKey: string): { value: string; changed: boolean } | null {
  if (tryDecryptSecret(stored) !== null) return { value: stored, changed: false };
  const plain = tryDecryptSecret(stored, otherKey);
  return plain === null ? null : { value: encryptSecret(plain), changed: true };
}

/**
 * A code and its pin under ENCRYPTION_KEY, each null where there is none; null when either that is
 * there opens with neither key. `changed` says whether either was re-encrypted.
 */
function pairUnderOwnKey(code: string | null, pin: string | null, otherKey: string): { code: string | null; pin: string | null; changed: boolean } | null {
  const [codeNow, pinNow] = [code, pin].map((stored) => (stored === null ? { value: null, changed: false } : underOwnKey(stored, otherKey)));
  if (!codeNow || !pinNow) return null;
  return { code: codeNow.value, pin: pinNow.value, changed: codeNow.changed || pinNow.changed };
}

/** Rows of a table by ascending id, a batch at a time, so that a table of any size is read in bounded memory. */
async function eachBatch<Id, Row extends { id: Id }>(read: (after: Id | null) => Promise<Row[]>, handle: (rows: Row[]) => Promise<void>) {
  for (let after: Id | null = null; ; ) {
    const rows = await read(after);
    if (rows.length === 0) return;
    await handle(rows);
    after = rows[rows.length - 1].id;
  }
}

/**
 * Re-encrypts under ENCRYPTION_KEY what another key wrote into this database (an instance started with
 * the wrong key, or the key the data was stored with before a change), given that other key: stock
 * codes, the codes orders set aside, delivered codes, webhook secrets, stored webhook bodies,
 * two-factor secrets and suppliers' credentials. Each
 * value is opened with ENCRYPTION_KEY first, so values already under it are left alone and a second
 * run changes nothing. Each row is its own update: a run that stops midway loses nothing, and the next
 * run goes on.
 */
export async function adoptKey(db: Db, otherKey: string): Promise<AdoptOutcome> {
  const outcome: AdoptOutcome = { stockCodes: 0, duplicatesDropped: 0, returnedToStock: 0, orders: 0, webhookSecrets: 0, webhookBodies: 0, twoFactorSecrets: 0, supplierCredentials: 0, unreadable: 0 };

  await eachBatch(
    (after: number | null) =>
      db
        .select({ id: stockCodes.id, sku: stockCodes.sku, orderId: stockCodes.orderId, code: stockCodes.codeEncrypted, pin: stockCodes.pinEncrypted })
        .from(stockCodes)
        .where(after === null ? undefined : gt(stockCodes.id, after))
        .orderBy(asc(stockCodes.id))
        .limit(BATCH),
    async (rows) => {
      for (const row of rows) {
        const now = pairUnderOwnKey(row.code, row.pin, otherKey);
        if (!now) {
          outcome.unreadable += 1;
          continue;
        }
        if (!now.changed) continue;
        // Its duplicate-check hash was keyed from the other key too, so it is made again; a free code
        // that is in stock under this key already (uploaded again since) would sell twice, and goes.
        const hash = stockCodeHash(row.sku, decryptSecret(now.code!));
        const [twin] = await db
          .select({ id: stockCodes.id })
          .from(stockCodes)
          .where(and(eq(stockCodes.sku, row.sku), eq(stockCodes.codeHash, hash), ne(stockCodes.id, row.id)));
        if (twin && row.orderId === null) {
          await db.delete(stockCodes).where(and(eq(stockCodes.id, row.id), isNull(stockCodes.orderId)));
          outcome.duplicatesDropped += 1;
          continue;
        }
        await db
          .update(stockCodes)
          .set({ codeEncrypted: now.code!, pinEncrypted: now.pin, ...(twin ? {} : { codeHash: hash }) })
          .where(eq(stockCodes.id, row.id));
        outcome.stockCodes += 1;
      }
    },
  );

  await eachBatch(
    (after: number | null) =>
      db
        .select()
        .from(unreadableStockCodes)
        .where(after === null ? undefined : gt(unreadableStockCodes.id, after))
        .orderBy(asc(unreadableStockCodes.id))
        .limit(BATCH),
    async (rows) => {
      for (const row of rows) {
        const now = pairUnderOwnKey(row.codeEncrypted, row.pinEncrypted, otherKey);
        if (!now) {
          outcome.unreadable += 1;
          continue;
        }
        const code = now.code!;
        await db.transaction(async (tx) => {
          const added = await tx
            .insert(stockCodes)
            .values({ sku: row.sku, codeEncrypted: code, pinEncrypted: now.pin, serial: row.serial, codeHash: stockCodeHash(row.sku, decryptSecret(code)), createdAt: row.uploadedAt })
            .onConflictDoNothing()
            .returning({ id: stockCodes.id });
          await tx.delete(unreadableStockCodes).where(eq(unreadableStockCodes.id, row.id));
          outcome.returnedToStock += added.length;
        });
      }
    },
  );

  await eachBatch(
    (after: string | null) =>
      db
        .select({ id: orders.id, delivery: orders.delivery })
        .from(orders)
        .where(and(isNotNull(orders.delivery), after === null ? undefined : gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(BATCH),
    async (rows) => {
      for (const row of rows) {
        let changed = false;
        const items: StoredDelivery["items"] = [];
        for (const item of row.delivery!.items) {
          const now = pairUnderOwnKey(item.codeEncrypted, item.pinEncrypted, otherKey);
          if (!now) {
            outcome.unreadable += 1;
            items.push(item);
            continue;
          }
          changed ||= now.changed;
          items.push({ ...item, codeEncrypted: now.code, pinEncrypted: now.pin });
        }
        if (!changed) continue;
        await db.update(orders).set({ delivery: { ...row.delivery!, items } }).where(eq(orders.id, row.id));
        outcome.orders += 1;
      }
    },
  );

  const endpoints = await db.select({ userId: webhookEndpoints.userId, secret: webhookEndpoints.secretEncrypted }).from(webhookEndpoints);
  for (const endpoint of endpoints) {
    const secret = underOwnKey(endpoint.secret, otherKey);
    if (!secret) outcome.unreadable += 1;
    else if (secret.changed) {
      await db.update(webhookEndpoints).set({ secretEncrypted: secret.value }).where(eq(webhookEndpoints.userId, endpoint.userId));
      outcome.webhookSecrets += 1;
    }
  }

  const secrets = await db.select({ userId: twoFactor.userId, secret: twoFactor.secretEncrypted }).from(twoFactor);
  for (const row of secrets) {
    const secret = underOwnKey(row.secret, otherKey);
    if (!secret) outcome.unreadable += 1;
    else if (secret.changed) {
      // Only the value read: an admin's reset and a new set-up since then wrote a secret of their own.
      const adopted = await db
        .update(twoFactor)
        .set({ secretEncrypted: secret.value })
        .where(and(eq(twoFactor.userId, row.userId), eq(twoFactor.secretEncrypted, row.secret)))
        .returning({ userId: twoFactor.userId });
      outcome.twoFactorSecrets += adopted.length;
    }
  }

  const upstreams = await db.select({ id: suppliers.id, credentials: suppliers.credentialsEncrypted }).from(suppliers).where(isNotNull(suppliers.credentialsEncrypted));
  for (const upstream of upstreams) {
    const credentials = underOwnKey(upstream.credentials!, otherKey);
    if (!credentials) outcome.unreadable += 1;
    else if (credentials.changed) {
      await db.update(suppliers).set({ credentialsEncrypted: credentials.value }).where(eq(suppliers.id, upstream.id));
      outcome.supplierCredentials += 1;
    }
  }
  // The secrets suppliers sign their webhooks with count with their credentials.
  const hooks = await db.select({ id: suppliers.id, secret: suppliers.webhookSecretEncrypted }).from(suppliers).where(isNotNull(suppliers.webhookSecretEncrypted));
  for (const hook of hooks) {
    const secret = underOwnKey(hook.secret!, otherKey);
    if (!secret) outcome.unreadable += 1;
    else if (secret.changed) {
      await db.update(suppliers).set({ webhookSecretEncrypted: secret.value }).where(eq(suppliers.id, hook.id));
      outcome.supplierCredentials += 1;
    }
  }

  await eachBatch(
    (after: string | null) =>
      db
        .select({ id: webhookDeliveries.id, body: webhookDeliveries.requestBodyEncrypted })
        .from(webhookDeliveries)
        .where(after === null ? undefined : gt(webhookDeliveries.id, after))
        .orderBy(asc(webhookDeliveries.id))
        .limit(BATCH),
    async (rows) => {
      const changed = rows.flatMap((row) => {
        const body = underOwnKey(row.body, otherKey);
        if (!body) outcome.unreadable += 1;
        return body?.changed ? [{ id: row.id, body: body.value }] : [];
      });
      for (const { id, body } of changed) await db.update(webhookDeliveries).set({ requestBodyEncrypted: body }).where(eq(webhookDeliveries.id, id));
      outcome.webhookBodies += changed.length;
    },
  );

  return outcome;
}
