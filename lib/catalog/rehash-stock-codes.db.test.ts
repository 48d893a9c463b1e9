import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { encryptSecret } from "@/lib/crypto/encryption";
import type { Database, Db } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { KEYED_CODE_HASH_PREFIX, stockCodes } from "@/lib/db/schema";
import { explainAnalyzed, type PlanMode } from "@/lib/db/explain-pages";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { testProduct } from "@/lib/orders/testing/helpers";
import { stockCodeHash } from "./code-hash";
import { codesLeftToRehash, rehashStockCodes } from "./rehash-stock-codes";
import { addStockCodes } from "./stock";

/** The hash every stock code carried before it was keyed. */
const unkeyedHash = (sku: string, code: string) => createHash("sha256").update(`${sku}\n${code}`).digest("hex");

const line = (code: string) => ({ code, pin: null, serial: null });

describe(`the stock codes' keyed duplicate hash (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let product = 0;

  /** A new stock product, so that each test sees only its own codes. */
  async function stockProduct(): Promise<string> {
    product += 1;
    const sku = `giftcard-rehash-${product}`;
    await testProduct(db, { sku, category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
    return sku;
  }

  /** Codes as an upload before the upgrade stored them; the first `sold` of them handed out already. */
  async function storedUnkeyed(sku: string, codes: string[], sold = 0): Promise<void> {
    await db
      .insert(stockCodes)
      .values(codes.map((code, i) => ({ sku, codeEncrypted: encryptSecret(code), codeHash: unkeyedHash(sku, code), orderId: i < sold ? "ord_SOLD" : null })));
  }

  const hashes = (sku: string) =>
    db.select({ id: stockCodes.id, codeHash: stockCodes.codeHash }).from(stockCodes).where(eq(stockCodes.sku, sku)).orderBy(asc(stockCodes.id));

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterEach(async () => {
    await db.delete(stockCodes);
  });
  afterAll(async () => {
    await database.close();
  });

  it("an upload stores the keyed hash, and refuses a code twice in it or already in stock", async () => {
    const sku = await stockProduct();
    expect(await addStockCodes(db, sku, [line("1234"), line("5678"), line("1234")])).toEqual({ added: 2, duplicates: 1 });
    expect(await addStockCodes(db, sku, [line("5678"), line("9012")])).toEqual({ added: 1, duplicates: 1 });
    const stored = await hashes(sku);
    expect(stored.map((row) => row.codeHash)).toEqual(["1234", "5678", "9012"].map((code) => stockCodeHash(sku, code)));
    for (const { codeHash } of stored) expect(["1234", "5678", "9012"].map((code) => unkeyedHash(sku, code))).not.toContain(codeHash.split(":").at(-1));
  });

  it("re-hashes codes stored with the unkeyed hash, sold ones too, after which their re-upload is refused; a second run changes nothing", async () => {
    const sku = await stockProduct();
    await storedUnkeyed(sku, ["OLD-1", "OLD-2", "OLD-3"], 1);
    expect(await rehashStockCodes(db)).toEqual({ rehashed: 3, unreadable: [], repeated: [] });
    expect((await hashes(sku)).map((row) => row.codeHash)).toEqual(["OLD-1", "OLD-2", "OLD-3"].map((code) => stockCodeHash(sku, code)));
    expect(await addStockCodes(db, sku, [line("OLD-1"), line("OLD-2"), line("NEW-1")])).toEqual({ added: 1, duplicates: 2 });

    const before = await db.select().from(stockCodes).orderBy(asc(stockCodes.id));
    expect(await rehashStockCodes(db)).toEqual({ rehashed: 0, unreadable: [], repeated: [] });
    expect(await db.select().from(stockCodes).orderBy(asc(stockCodes.id))).toEqual(before);
  });

  it("goes through more codes than one batch holds, past a batch it can re-hash none of", async () => {
    const sku = await stockProduct();
    const warn = vi.fn();
    await db
      .insert(stockCodes)
      .values(
        Array.from({ length: 7 }, (_, i) => ({ sku, codeEncrypted: encryptSecret(`LOST-${i}`, "22".repeat(32)), codeHash: unkeyedHash(sku, `LOST-${i}`) })),
      );
    const codes = Array.from({ length: 250 }, (_, i) => `BATCH-${i}`);
    await storedUnkeyed(sku, codes);
    const outcome = await rehashStockCodes(db, { batchSize: 7, warn });
    expect(outcome.rehashed).toBe(250);
    // A code that does not decrypt cannot be re-hashed; it is left as it was, and the operator told.
    expect(outcome.unreadable).toHaveLength(7);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[stock\] 7 stock codes do not decrypt with ENCRYPTION_KEY/));
    const stored = await hashes(sku);
    expect(stored.slice(7).map((row) => row.codeHash)).toEqual(codes.map((code) => stockCodeHash(sku, code)));
    expect(stored.slice(0, 7).map((row) => row.id)).toEqual(outcome.unreadable);
  });

  it("resumes at the next start where a start that died midway stopped, with nothing lost", async () => {
    const sku = await stockProduct();
    const codes = Array.from({ length: 30 }, (_, i) => `RESUME-${i}`);
    await storedUnkeyed(sku, codes);
    let updates = 0;
    const dying = new Proxy(db, {
      get(target, key) {
        if (key !== "execute") return Reflect.get(target, key);
        return (statement: unknown) => {
          updates += 1;
          if (updates === 3) throw new Error("the process died");
          return target.execute(statement as never);
        };
      },
    });
    await expect(rehashStockCodes(dying, { batchSize: 10 })).rejects.toThrow("the process died");
    expect((await hashes(sku)).filter((row) => row.codeHash.startsWith("hmac-sha256:"))).toHaveLength(20);

    expect(await rehashStockCodes(db, { batchSize: 10 })).toEqual({ rehashed: 10, unreadable: [], repeated: [] });
    expect((await hashes(sku)).map((row) => row.codeHash)).toEqual(codes.map((code) => stockCodeHash(sku, code)));
  });

  it("leaves a code uploaded again beside its keyed twin as it was, and says so, rather than stopping the start", async () => {
    const sku = await stockProduct();
    await addStockCodes(db, sku, [line("TWIN-1")]);
    await storedUnkeyed(sku, ["TWIN-1", "SINGLE-1"]);
    const [, twin] = await hashes(sku);
    const warn = vi.fn();
    expect(await rehashStockCodes(db, { warn })).toEqual({ rehashed: 1, unreadable: [], repeated: [twin.id] });
    expect(warn).toHaveBeenCalledWith(
      `[stock] 1 stock codes repeat a code already in stock and keep their unkeyed hash; an unsold one would sell that code twice (ids ${twin.id})`,
    );
    expect((await hashes(sku)).map((row) => row.codeHash)).toEqual([stockCodeHash(sku, "TWIN-1"), unkeyedHash(sku, "TWIN-1"), stockCodeHash(sku, "SINGLE-1")]);
  });

  it("runs with the migrations, once however many instances start together", async () => {
    const sku = await stockProduct();
    const codes = Array.from({ length: 1200 }, (_, i) => `START-${i}`);
    await storedUnkeyed(sku, codes, 100);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // PGlite belongs to one process; Postgres is shared by every instance.
      const starts = testDriver() === "postgres" ? 3 : 1;
      await Promise.all(Array.from({ length: starts }, () => migrateDatabase(database)));
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    expect((await hashes(sku)).map((row) => row.codeHash)).toEqual(codes.map((code) => stockCodeHash(sku, code)));
  });

  for (const planMode of ["force_custom_plan", "force_generic_plan"] satisfies PlanMode[]) {
    it(`finds the codes left to re-hash through their own index, not by reading every code (${planMode})`, async () => {
      const sku = await stockProduct();
      await db.execute(sql`
        insert into ${stockCodes} (sku, code_encrypted, code_hash)
        select ${sku}, 'enc', ${KEYED_CODE_HASH_PREFIX} || md5(n::text) from generate_series(1, 5000) as n`);
      await db.execute(sql`analyze ${stockCodes}`);
      const plan = await explainAnalyzed(db, codesLeftToRehash(db, 0, 500).toSQL(), {}, planMode);
      expect(plan).toContain("stock_codes_unkeyed_hash_idx");
    });
  }
});
