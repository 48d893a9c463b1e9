import { Param, sql, type Column } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** What a drizzle handle and its prepared queries share: the connection (or transaction) they run on. */
interface Bound {
  client: unknown;
}

const sessionOf = (db: DbOrTx) => (db as unknown as { session: Bound }).session;

/**
 * A query drizzle builds once per process rather than on every call. Building a query's SQL (walking
 * its column and condition objects) is most of drizzle's CPU on the hot paths; a prepared query only
 * fills in its placeholders.
 *
 * drizzle binds a prepared query to the connection of the handle that built it, and a transaction is a
 * handle of its own. So the query is built once per driver and then run on the caller's connection: an
 * object whose prototype is the built query and whose own `client` is the caller's. That `client` field
 * is drizzle's, not its public API; `prepared.db.test.ts` proves on both drivers that a query run this
 * way sees its transaction's writes and goes with its rollback.
 */
export function preparedQuery<T extends object>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    const session = sessionOf(db);
    const driver = Object.getPrototypeOf(session) as object;
    let query = built.get(driver);
    if (query === undefined) {
      query = build(db);
      built.set(driver, query);
    }
    return (query as unknown as Bound).client === session.client ? query : (Object.create(query, { client: { value: session.client } }) as T);
  };
}

/**
 * A placeholder in an update's set(), encoded as its column encodes values (a jsonb column's JSON, a
 * timestamp's ISO text), and null as null. drizzle's types take placeholders only in values() and
 * where(), and its encoders are not written for null.
 */
export function setPlaceholder(name: string, column: Column) {
  const encoder = { mapToDriverValue: (value: unknown) => (value === null ? null : column.mapToDriverValue(value)) };
  return sql`${new Param(sql.placeholder(name), encoder)}`;
}
