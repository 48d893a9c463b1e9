import { connect, type Socket } from "node:net";
import { sql, type SQL } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";
import { executeRows } from "./rows";
import { createTestDatabase, testDriver } from "./testing/test-database";

/*
 * postgres.js as installed is patched (patches/postgres+3.4.9.patch): a connection whose backend died
 * while it answered a statement kept that answer's state when the pool opened it again. The next
 * backend's first statement was refused with the dead backend's error (57P01, naming the statement it
 * had cut off), and the statement after got its rows after as many empty places as the dead one had
 * received rows: `const [row] = ...` read undefined. A backend that died while a new connection asked it
 * for the array types (the first statement on every connection) failed that internal query with a
 * promise nobody held: the unhandled rejection the servers logged while backends were terminated.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testDriver() === "postgres")("a connection whose backend is terminated, on Postgres", () => {
  let database: Database;
  /** One connection, so that the statements after the loss run on the very connection that lost its backend. */
  let pool: Database;
  let admin: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 1 });
    admin = postgres(database.url!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });
  beforeEach(() => {
    pool = openDatabase({ url: database.url, maxConnections: 1 });
  });
  afterEach(async () => {
    await pool.close();
  });

  /** Runs `statement` on the pool's connection and terminates its backend 300 ms in; resolves once it has failed. */
  async function cutOff(statement: SQL): Promise<void> {
    const [{ pid }] = await executeRows<{ pid: number }>(pool.db, sql`select pg_backend_pid() as pid`);
    const outcome = pool.db.execute(statement).then(
      () => "finished",
      () => "cut off",
    );
    await sleep(300);
    await admin`select pg_terminate_backend(${pid})`;
    expect(await outcome).toBe("cut off");
  }

  const numbered = (n: number) => executeRows<{ n: number }>(pool.db, sql`select ${n}::int as n`);

  it("answers the query that waited for a connection whose backend died while it started, with no unhandled rejection", async () => {
    const escaped: unknown[] = [];
    const record = (error: unknown) => escaped.push(error);
    process.on("unhandledRejection", record);
    const { hostname, port } = new URL(database.url!);
    const applicationName = "lost-backend-starting";
    let terminated: Promise<unknown> | undefined;
    // postgres.js' own connection, with a socket that holds back the array types query: its backend is
    // terminated first, and the query never reaches it.
    const socket = () => {
      const opened = connect(Number(port), hostname);
      const write = opened.write.bind(opened) as (chunk: Buffer) => boolean;
      return Object.assign(opened, {
        write: (chunk: Buffer) => {
          if (terminated || !chunk.includes("b.typarray")) return write(chunk);
          terminated = admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${applicationName}`.execute();
          return true;
        },
      });
    };
    // postgres.js reads socket (a connected stream to use) but leaves it out of its types.
    const client = postgres(database.url!, { max: 1, onnotice: () => {}, connection: { application_name: applicationName }, ...({ socket } as object) });
    try {
      const answer = await client`select 1 as n`.catch((error: Error) => error.message);
      await terminated;
      await sleep(100);
      expect({ answer, escaped }).toEqual({ answer: [{ n: 1 }], escaped: [] });
    } finally {
      process.off("unhandledRejection", record);
      await client.end();
    }
  });

  it("opens the connection again when it closed while a write waited for its turn", async () => {
    const sockets: Socket[] = [];
    const socket = () => {
      const { hostname, port } = new URL(database.url!);
      const opened = connect(Number(port), hostname);
      sockets.push(opened);
      return opened;
    };
    const client = postgres(database.url!, { max: 1, onnotice: () => {}, connect_timeout: 2, ...({ socket } as object) });
    try {
      await client`select 1`;
      const lost = client`select 2`.catch((error: { code?: string }) => error.code);
      // postgres.js writes a small statement from an Immediate; the socket closes before it runs, as a
      // connection reset under load does.
      await Promise.resolve();
      await Promise.resolve();
      const closing = sockets[0];
      closing.emit("close", false);
      closing.destroy();
      expect(await lost).toBe("CONNECTION_CLOSED");
      expect(await client`select 3 as n`.catch((error: { code?: string }) => error.code)).toEqual([{ n: 3 }]);
    } finally {
      await client.end();
    }
  });

  it("answers the next statement with its own result, not the dead backend's error", async () => {
    await cutOff(sql`select pg_sleep(5)`);
    expect(await numbered(1)).toEqual([{ n: 1 }]);
  });

  it("gives the statements after it their own rows only", async () => {
    // Rows 1 to 999 arrive before the backend sleeps on row 1,000 and is terminated.
    await cutOff(sql`select n, case when n = 1000 then pg_sleep(5) end as pause from generate_series(1, 2000) n`);
    const after = [];
    for (let n = 1; n <= 3; n++) after.push(await numbered(n).catch((error: Error) => error.message));
    expect(after).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
  });
});
