import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";
import { PgliteStatements } from "./pglite-statements";
import { executeRows } from "./rows";

const preparedCount = async (client: PGlite) => (await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0].n;

/** For a hook or test that starts a PGlite: a few seconds, and on a loaded 2-core machine more than the unit tests' 10 s. */
const PGLITE_START = 60_000;

describe("PGlite's queries as named prepared statements", () => {
  let client: PGlite;
  let statements: PgliteStatements;
  beforeAll(async () => {
    client = new PGlite("memory://");
    await client.exec(`
      create table item (id text primary key, n int8, price numeric(20, 6), data jsonb, tags text[], ok boolean, at timestamptz, note text);
      insert into item values ('a', 9007199254740993, 1.5, '{"k": [1, 2]}', '{x,"y z"}', true, '2026-01-02T03:04:05Z', null);
    `);
    statements = new PgliteStatements(client, 3);
  }, PGLITE_START);
  afterAll(() => client.close());

  it("answers as PGlite's own query does: rows, fields, types and counts", async () => {
    const text = "select id, n, price, data, tags, ok, at, note from item where id = $1 and n > $2";
    for (const rowMode of ["object", "array"] as const) {
      const own = await client.query(text, ["a", 1n], { rowMode });
      const prepared = await statements.run(text, ["a", 1n], { rowMode });
      expect(prepared.rows).toEqual(own.rows);
      expect(prepared.fields).toEqual(own.fields);
      expect(prepared.rows).toHaveLength(1);
    }
    const updated = await statements.run("update item set note = $1 where id = $2", ["noted", "a"]);
    expect(updated).toMatchObject({ affectedRows: 1, rows: [], fields: [] });
    const inserted = await statements.run<{ id: string; data: unknown; tags: string[] }>(
      "insert into item (id, data, tags, ok) values ($1, $2, $3, $4) returning id, data, tags",
      ["b", { k: "v" }, ["p", "q"], false],
    );
    expect(inserted.rows).toEqual([{ id: "b", data: { k: "v" }, tags: ["p", "q"] }]);
    expect(inserted.affectedRows).toBe(1);
  });

  it(
    "parses a query once and runs it again from its name",
    async () => {
      const before = statements.size;
      for (let i = 0; i < 5; i++) expect((await statements.run<{ id: string }>("select id from item where ok = $1", [true])).rows).toEqual([{ id: "a" }]);
      expect(statements.size).toBe(Math.min(3, before + 1));
      // On a database of its own, without the small bound: one statement in Postgres for five runs, where
      // a prepare per run would leave five.
      const own = await PGlite.create("memory://");
      try {
        const unbounded = new PgliteStatements(own);
        for (let i = 0; i < 5; i++) expect((await unbounded.run<{ v: number }>("select $1::int as v", [i])).rows).toEqual([{ v: i }]);
        expect(await preparedCount(own)).toBe(1);
      } finally {
        await own.close();
      }
    },
    PGLITE_START,
  );

  it("keeps no more statements than its bound, in the cache or in Postgres", async () => {
    for (let i = 0; i < 6; i++) await statements.run(`select $1::int + ${i} as v`, [i]);
    expect(statements.size).toBe(3);
    expect(await preparedCount(client)).toBe(3);
  });

  it("throws Postgres' error with its code and statement, and the statement still runs afterwards", async () => {
    const text = "insert into item (id) values ($1)";
    await statements.run(text, ["c"]);
    const error = await statements.run(text, ["c"]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", constraint: "item_pkey", query: text, params: ["c"] });
    await statements.run(text, ["d"]);
    expect((await client.query("select id from item where id in ('c', 'd') order by id")).rows).toEqual([{ id: "c" }, { id: "d" }]);
  });

  it("does not keep a statement Postgres refused to parse", async () => {
    const fresh = new PgliteStatements(client);
    await expect(fresh.run("selec 1", [])).rejects.toMatchObject({ code: "42601", query: "selec 1" });
    expect(fresh.size).toBe(0);
  });

  it("prepares a statement again once a schema change has changed its result", async () => {
    const text = "select * from item where id = $1";
    expect(Object.keys((await statements.run<object>(text, ["a"])).rows[0])).not.toContain("extra");
    await client.exec("alter table item add column extra int default 7");
    expect((await statements.run<{ extra: number }>(text, ["a"])).rows[0].extra).toBe(7);
  });
});

describe("the embedded database's drizzle client", () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase({ pgliteDir: "memory://" });
    await database.db.execute(sql`create table counter (id int primary key, n int not null)`);
  }, PGLITE_START);
  afterAll(() => database.close());

  it("runs a query outside a transaction only once the transaction in progress has ended", async () => {
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into counter values (1, 1)`);
        inserted();
        await finished;
        throw new Error("rolled back on purpose");
      })
      .catch((error: Error) => error.message);
    await insertedOnce;
    const outside = executeRows(database.db, sql`select count(*)::int as n from counter`);
    // Time enough for the query to run, were it let into the open transaction.
    await new Promise((resolve) => setTimeout(resolve, 100));
    finish();
    expect(await transaction).toBe("rolled back on purpose");
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it("commits a transaction's writes through its prepared statements", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counter values (${2}, ${5})`);
      await tx.execute(sql`update counter set n = n + ${1} where id = ${2}`);
    });
    expect(await executeRows(database.db, sql`select n from counter where id = ${2}`)).toEqual([{ n: 6 }]);
  });

  it("refuses a query on a transaction that has ended, as PGlite does, rather than running it outside", async () => {
    let ended: Parameters<Parameters<Database["db"]["transaction"]>[0]>[0] | undefined;
    await database.db.transaction(async (tx) => {
      ended = tx;
    });
    await expect(ended!.execute(sql`update counter set n = 0`)).rejects.toMatchObject({ cause: new Error("Transaction is closed") });
    expect(await executeRows(database.db, sql`select n from counter where id = ${2}`)).toEqual([{ n: 6 }]);
  });
});
