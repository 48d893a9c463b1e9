import { connect } from "node:net";
import { sql, type SQL } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Tx } from "./client";
import { executeRows } from "./rows";
import { createTestDatabase, testDriver } from "./testing/test-database";

/*
 * postgres.js as installed is patched (patches/postgres+3.4.9.patch): when a transaction's backend died
 * (a failover, pg_terminate_backend), begin() rejected at once, but the transaction kept sending on the
 * connection it had lost. Its automatic rollback, and any statement its callback still made, were
 * written to the closed socket, a TypeError thrown from a timer or from postgres.js' own promise that
 * no caller could catch: the uncaught exceptions and unhandled rejections the servers logged while
 * backends were terminated under load. Once the pool had reconnected, such a statement ran on the new
 * session instead, outside any transaction.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testDriver() === "postgres")("a transaction whose backend is terminated, on Postgres", () => {
  let database: Database;
  /** The pool the transactions run in, one per test so that a test starts on a connection no other test lost. */
  let pool: Database;
  let admin: postgres.Sql;
  const escaped: unknown[] = [];
  const record = (error: unknown) => escaped.push(error);

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 1 });
    admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    await database.db.execute(sql`create table lost_transaction_notes (note text not null)`);
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });
  beforeEach(() => {
    // One connection, so that the pool reconnects the very connection the transaction lost.
    pool = openDatabase({ url: database.url, maxConnections: 1 });
    escaped.length = 0;
    process.on("uncaughtException", record);
    process.on("unhandledRejection", record);
  });
  afterEach(async () => {
    process.off("uncaughtException", record);
    process.off("unhandledRejection", record);
    await pool.close();
  });

  const backendPid = async (tx: Tx) => (await executeRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`))[0].pid;
  const terminate = (pid: number) => admin`select pg_terminate_backend(${pid})`;
  const notes = async () => (await executeRows<{ note: string }>(database.db, sql`select note from lost_transaction_notes`)).map((row) => row.note);

  it("rejects when a statement in flight loses its backend, and nothing escapes its caller", async () => {
    let terminated: Promise<unknown> | undefined;
    const transaction = pool.db.transaction(async (tx) => {
      const pid = await backendPid(tx);
      terminated = sleep(100).then(() => terminate(pid));
      await tx.execute(sql`select pg_sleep(5)`);
    });
    await expect(transaction).rejects.toThrow();
    await terminated;
    // Unpatched, the rollback that follows the failed statement threw from a timer a tick later.
    await sleep(300);
    expect(escaped).toEqual([]);
  });

  /** Runs a transaction that loses its backend, then, once begin() has rejected, sends `statement` from its callback. */
  async function sendAfterTheLoss(statement: SQL, beforeSending: () => Promise<unknown>): Promise<string> {
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    let late: Promise<unknown> | undefined;
    const transaction = pool.db.transaction(async (tx) => {
      await terminate(await backendPid(tx));
      await resumed;
      late = tx.execute(statement);
      await late;
    });
    await expect(transaction).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });
    await beforeSending();
    resume();
    await sleep(100);
    return Promise.race([
      late!.then(
        () => "ran",
        () => "refused",
      ),
      sleep(2_000).then(() => "still pending"),
    ]);
  }

  it("refuses a statement its callback sends after the loss, without an unhandled rejection", async () => {
    // Over 1 KB, a statement that postgres.js writes at once instead of from a timer: unpatched, it
    // threw inside postgres.js' own promise, and it never settled.
    const statement = sql`insert into lost_transaction_notes (note) values (${"sent after the loss ".repeat(60)})`;
    const outcome = await sendAfterTheLoss(statement, async () => {});
    expect({ outcome, escaped }).toEqual({ outcome: "refused", escaped: [] });
    expect(await notes()).toEqual([]);
  });

  it("never runs a statement of the lost transaction outside it once the pool has reconnected", async () => {
    const statement = sql`insert into lost_transaction_notes (note) values ('sent after the reconnect')`;
    // The pool opens its only connection again for the next statement, before the callback goes on.
    const outcome = await sendAfterTheLoss(statement, () => pool.db.execute(sql`select 1`));
    expect({ outcome, escaped }).toEqual({ outcome: "refused", escaped: [] });
    expect(await notes()).toEqual([]);
  });

  it("answers the statements after a transaction whose socket failed before it closed", async () => {
    // A terminated backend under load: the socket reports ECONNRESET, and closes a moment later. In
    // between, the transaction's automatic rollback was sent on it; left queued, it shifted every
    // answer of the next backend by one statement, and the first statement to be described there
    // never got its Bind: its backend sat active in ClientRead and its caller waited for good.
    const socket = () => {
      const { hostname, port } = new URL(database.url!);
      const opened = connect(Number(port), hostname);
      const emit = opened.emit.bind(opened) as (event: string | symbol, ...args: unknown[]) => boolean;
      return Object.assign(opened, {
        emit: (event: string | symbol, ...args: unknown[]) => {
          if (event !== "close") return emit(event, ...args);
          emit("error", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
          setImmediate(() => emit("close", true));
          return true;
        },
      });
    };
    // postgres.js reads socket (a connected stream to use) but leaves it out of its types.
    const client = postgres(database.url!, { max: 1, onnotice: () => {}, ...({ socket } as object) });
    try {
      const lost = client.begin(async (tx) => {
        const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        const sleeping = tx`select pg_sleep(5)`.execute();
        await terminate(pid);
        await sleeping;
      });
      await expect(lost).rejects.toThrow();
      const answers = [];
      for (let n = 1; n <= 3; n++) {
        const answer = client<{ n: number }[]>`select ${n}::int as n`.then((rows) => rows.map((row) => row.n));
        answers.push(await Promise.race([answer, sleep(3_000).then(() => "no answer")]));
      }
      expect(answers).toEqual([[1], [2], [3]]);
    } finally {
      await client.end({ timeout: 1 });
    }
  });
});
