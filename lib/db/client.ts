import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types, type ParserOptions, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { config } from "@/lib/config/env";
import { effectScope, type EffectScope } from "@/lib/observability/after-commit";
import { metrics } from "@/lib/observability/metrics";
import { inSpan, tracedQuery } from "@/lib/observability/tracing";
import { assertBeforeDeadline } from "./deadline";
import { PgliteStatements } from "./pglite-statements";
import { listenOnPglite, listenOnPostgres, type ChannelHandlers, type ChannelListener } from "./listen";

/**
 * Without drizzle's relational query API (`db.query.<table>`), which nothing here uses: given the
 * schema, drizzle builds a query builder for every table on every transaction it opens, a fiftieth of
 * a stock order's CPU (docs/performance.md, the sixteenth pass). Queries name their tables.
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Domain functions take either, so they can run inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export type Driver = "pglite" | "postgres";

export interface Database {
  db: Db;
  driver: Driver;
  /** The connection string, for the postgres driver. */
  url?: string;
  /** Subscribes to a NOTIFY channel; on Postgres this opens a connection of its own. */
  listen(channel: string, handlers: ChannelHandlers): ChannelListener;
  /**
   * The embedded database's files as one tar (PGlite only), taken between two transactions, so that it
   * opens as the database stood after the last commit before it.
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** Where PGlite keeps its files; "memory://" for a throwaway database. */
  pgliteDir?: string;
  /** Connections in the postgres.js pool. */
  maxConnections?: number;
  /**
   * Postgres' statement_timeout and idle_in_transaction_session_timeout for the pool's sessions, in ms
   * (0: none): a statement stuck on a lock, or a transaction its client left open, ends and frees its
   * connection instead of holding it for good. Migrations run on a connection of their own, without them.
   */
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** A tar from dumpDataDir that PGlite unpacks into an empty pgliteDir (a restore). */
  loadDataDir?: Blob;
}

/**
 * drizzle runs every query through postgres.js' unsafe() with prepare: false, and postgres.js then
 * spends a round trip of its own describing each parameterised query before it runs it: two round
 * trips per query. As named prepared statements (postgres.js' default, cached per connection by their
 * text) a query is described once per connection and then costs one round trip. Transactions and
 * savepoints hand their own client to their callback, so those are wrapped too.
 *
 * A request past its deadline (lib/db/deadline.ts) sends nothing more, and its transaction rolls back
 * rather than commit what its callback did.
 */
function preparedStatements<T extends object>(sql: T): T {
  return new Proxy(sql, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      const method = value as (...args: unknown[]) => unknown;
      if (key === "unsafe") {
        return (query: string, params?: unknown[], options?: object) => {
          assertBeforeDeadline();
          return tracedQuery(query, method.call(target, query, params ?? [], { ...options, prepare: true }) as PromiseLike<unknown>);
        };
      }
      if (key === "begin" || key === "savepoint") {
        return (...args: unknown[]) => {
          const callback = args.pop() as (client: object) => unknown;
          const effects = effectScope();
          const run = () =>
            method.call(target, ...args, (client: object) =>
              effects.run(async () => {
                const result = await callback(preparedStatements(client));
                assertBeforeDeadline();
                return result;
              }),
            ) as Promise<unknown>;
          return inSpan(key === "begin" ? "db.transaction" : "db.savepoint", {}, () => inUse(run)).then((result) => {
            effects.committed();
            return result;
          });
        };
      }
      return value;
    },
  });
}

/**
 * Seconds before a closed connection of the pool reconnects, growing with the closes the pool has seen
 * since it last connected, as postgres.js' own, but to 2 s at most rather than 20: its count is the
 * pool's, so a failover that cut every backend a few times had each connection wait 10 to 20 s after
 * the database was back, with the queries queued on it, while the others served. Still no more than a
 * few attempts a second against a server that accepts and closes every connection.
 */
function reconnectPause(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 2);
}

/** Counts a transaction's connection as in use while it runs, for the pool figure in /metrics. */
async function inUse<T>(run: () => Promise<T>): Promise<T> {
  const gauge = metrics().dbInUse;
  gauge.inc();
  try {
    return await run();
  } finally {
    gauge.dec();
  }
}

/** The types drizzle asks PGlite to hand back as text in every query (drizzle-orm/pglite's session). */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const TEXT_PARSERS: ParserOptions = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, (value: string) => value]));

/**
 * drizzle passes those parsers with every PGlite query, and PGlite would copy its whole parser table
 * into a new object for that query: a tenth of the embedded mode's CPU per order. PGlite is opened
 * with them as its own parsers instead, and they are dropped from each query; the results are the same.
 */
const withoutParsers = (options?: QueryOptions): QueryOptions | undefined => options && { ...options, parsers: undefined };

/** What a proxy passes through unchanged: methods bound to the object they belong to. */
function forwarded(target: object, key: string | symbol): unknown {
  const value: unknown = Reflect.get(target, key);
  return typeof value === "function" ? value.bind(target) : value;
}

/**
 * drizzle's queries go through named prepared statements (lib/db/pglite-statements.ts), holding the
 * locks PGlite's own query() holds: outside a transaction both its transaction and query mutexes, then
 * the file system sync; inside one, the query mutex (the transaction holds the other). Transactions
 * hand their own client to their callback, so that is wrapped too.
 */
function preparedPglite(client: PGlite): PGlite {
  const statements = new PgliteStatements(client);
  const inTransaction = (tx: Transaction, effects: EffectScope): Transaction =>
    new Proxy(tx, {
      get(target, key) {
        if (key === "query") {
          return async (query: string, params?: unknown[], options?: QueryOptions) => {
            effects.statement(query);
            // As PGlite's own: a query on an ended transaction would otherwise run outside it.
            if (target.closed) throw new Error("Transaction is closed");
            assertBeforeDeadline();
            return tracedQuery(
              query,
              client._runExclusiveQuery(() => statements.run(query, params, withoutParsers(options))),
            );
          };
        }
        return forwarded(target, key);
      },
    });
  return new Proxy(client, {
    get(target, key) {
      if (key === "query") {
        return async (query: string, params?: unknown[], options?: QueryOptions) => {
          assertBeforeDeadline();
          await target._checkReady();
          const result = await tracedQuery(
            query,
            target._runExclusiveTransaction(() => target._runExclusiveQuery(() => statements.run(query, params, withoutParsers(options)))),
          );
          await target.syncToFs();
          return result;
        };
      }
      if (key === "transaction") {
        return async <T>(callback: (tx: Transaction) => Promise<T>) => {
          const effects = effectScope();
          const result = await inSpan("db.transaction", {}, () =>
            target.transaction((tx) =>
              effects.run(async () => {
                const result = await callback(inTransaction(tx, effects));
                assertBeforeDeadline();
                return result;
              }),
            ),
          );
          effects.committed();
          return result;
        };
      }
      return forwarded(target, key);
    },
  });
}

export function openDatabase(options: OpenOptions): Database {
  const listeners = new Set<ChannelListener>();
  const trackListener = (listener: ChannelListener): ChannelListener => {
    listeners.add(listener);
    return {
      stop: () => {
        listeners.delete(listener);
        return listener.stop();
      },
    };
  };
  if (options.url) {
    const maxConnections = options.maxConnections ?? 10;
    metrics().dbPoolSize.set(maxConnections);
    const client = postgres(options.url, {
      max: maxConnections,
      backoff: reconnectPause,
      onnotice: () => {},
      connection: {
        application_name: "reseller-panel",
        ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
        ...(options.idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs } : {}),
      },
    });
    return {
      db: drizzlePostgres(preparedStatements(client)) as unknown as Db,
      driver: "postgres",
      url: options.url,
      listen: (channel, handlers) => trackListener(listenOnPostgres(options.url!, channel, handlers)),
      close: async () => {
        await Promise.all([...listeners].map((listener) => listener.stop()));
        await client.end({ timeout: 5 });
      },
    };
  }
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite(dir, { parsers: TEXT_PARSERS, loadDataDir: options.loadDataDir });
  // One connection, in this process: its transactions take turns.
  metrics().dbPoolSize.set(1);
  return {
    db: drizzlePglite(preparedPglite(client)) as unknown as Db,
    driver: "pglite",
    listen: (channel, handlers) => trackListener(listenOnPglite(client, channel, handlers)),
    // Once ready: PGlite's start runs queries of its own, which would wait for the transaction held here.
    dumpDataDir: async () => {
      await client.waitReady;
      return client._runExclusiveTransaction(() => client.dumpDataDir("none"));
    },
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await client.close();
    },
  };
}

export function pgliteDirOf(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

const cache = globalThis as unknown as { __database?: Database };

/**
 * The process-wide database from the configuration. Cached on globalThis so that the server script
 * and the bundled route handlers, which load this module separately, share one connection pool
 * (and, in the embedded mode, the one PGlite instance that owns the data directory).
 */
export function database(): Database {
  if (!cache.__database) {
    const cfg = config();
    cache.__database = openDatabase({
      url: cfg.DATABASE_URL,
      pgliteDir: pgliteDirOf(cfg.dataDir),
      statementTimeoutMs: cfg.DB_STATEMENT_TIMEOUT,
      idleInTransactionTimeoutMs: cfg.DB_IDLE_IN_TRANSACTION_TIMEOUT,
    });
  }
  return cache.__database;
}

export function db(): Db {
  return database().db;
}

/** Replaces the process-wide database (tests and the CLI open their own). */
export function setDatabase(value: Database | undefined): void {
  cache.__database = value;
}
