import { Column, DrizzleQueryError, getTableName, is, Param, Placeholder, SQL, sql, Subquery } from "drizzle-orm";
import { NoopCache } from "drizzle-orm/cache/core";
import { PglitePreparedQuery } from "drizzle-orm/pglite/session";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js/session";
import type { DbOrTx } from "./client";

/** What a drizzle handle and its prepared queries share: the connection (or transaction) they run on. */
interface Bound {
  client: unknown;
}

const sessionOf = (db: DbOrTx) => (db as unknown as { session: Bound }).session;

/**
 * A query drizzle builds once per process rather than on every call. Building a query's SQL (walking
 * its column and condition objects) is most of drizzle's CPU on the hot paths; a prepared query only
 * fills in its placeholders, and runs as `runsDirect` describes.
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
      query = runsDirect(build(db));
      built.set(driver, query);
    }
    return (query as unknown as Bound).client === session.client ? query : (Object.create(query, { client: { value: session.client } }) as T);
  };
}

/** drizzle's prepared query, as far as running it goes (its fields, not its public API). */
interface DriverQuery {
  client: {
    unsafe?: (query: string, params: unknown[], options: object) => PromiseLike<unknown> & { values(): PromiseLike<unknown[][]> };
    query?: (query: string, params: unknown[], options: object) => Promise<{ rows: unknown[][] }>;
  };
  queryString: string;
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  cache?: unknown;
  logger: { logQuery(query: string, params: unknown[]): void };
  prepare?: boolean;
  queryConfig?: object;
  rawQueryConfig?: object;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Gives a built query an `execute` that does what drizzle's does for it, minus the per-call work that
 * decides nothing: drizzle's execute wraps each run in four async layers (its tracing span, which is
 * off, and its result cache, which is not configured), looks up each parameter's and each column's
 * kind anew (`is()` walks prototypes) and walks every column's path with an iterator. Here those kinds
 * are resolved once, when the query is built, and a run is one await on the driver. The statement, its
 * parameters, the driver's options, the rows' decoding (each column's own mapFromDriverValue, a left
 * join's absent table as null) and the error (DrizzleQueryError with the driver's as its cause) are
 * drizzle's; `prepared.db.test.ts` compares the two on both drivers. A query with a cache or a custom
 * mapper (the relational API) keeps drizzle's execute.
 */
function runsDirect<T extends object>(built: T): T {
  const query = built as unknown as DriverQuery;
  const postgresJs = is(built, PostgresJsPreparedQuery);
  if (!(postgresJs || is(built, PglitePreparedQuery))) return built;
  // drizzle's execute skips its cache, whatever the query's cacheConfig, when the cache is its NoopCache (the default).
  if (query.customResultMapper || !(query.cache === undefined || is(query.cache, NoopCache))) return built;
  const fill = parameterFiller(query.params);
  const mapRow = query.fields ? rowMapper(query.fields, query.joinsNotNullableMap) : null;
  const execute = async function (this: DriverQuery, values: Record<string, unknown> = {}) {
    const params = fill(values);
    const { queryString, client } = this;
    this.logger.logQuery(queryString, params);
    let rows: unknown[][];
    try {
      if (postgresJs) {
        const run = client.unsafe!(queryString, params, { prepare: this.prepare });
        if (!mapRow) return await run;
        rows = await run.values();
      } else {
        if (!mapRow) return await client.query!(queryString, params, this.rawQueryConfig!);
        rows = (await client.query!(queryString, params, this.queryConfig!)).rows;
      }
    } catch (error) {
      throw new DrizzleQueryError(queryString, params, error as Error);
    }
    const mapped = new Array<Record<string, unknown>>(rows.length);
    for (let i = 0; i < rows.length; i++) mapped[i] = mapRow(rows[i]);
    return mapped;
  };
  Object.defineProperty(built, "execute", { value: execute });
  return built;
}

/** drizzle's fillPlaceholders with each parameter's kind decided once: a placeholder, an encoded placeholder, or a constant. */
function parameterFiller(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const slots = params.map((param) => {
    if (is(param, Placeholder)) return { name: param.name, encode: null, constant: undefined };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      return { name: param.value.name, encode: (value: unknown) => encoder.mapToDriverValue(value), constant: undefined };
    }
    return { name: null, encode: null, constant: param };
  });
  return (values) => {
    const filled = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const { name, encode, constant } = slots[i];
      if (name === null) {
        filled[i] = constant;
        continue;
      }
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      filled[i] = encode ? encode(values[name]) : values[name];
    }
    return filled;
  };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** drizzle's mapResultRow, with each column's decoder, path and table found once. */
function rowMapper(fields: { path: string[]; field: unknown }[], joinsNotNullableMap?: Record<string, boolean>): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => {
    // SQL's decoder is internal to drizzle, hence the casts.
    const decoderOf = (expression: unknown) => (expression as { decoder: Decoder }).decoder;
    let decoder: Decoder;
    if (is(field, Column)) decoder = field;
    else if (is(field, SQL)) decoder = decoderOf(field);
    else if (is(field, Subquery)) decoder = decoderOf((field._ as unknown as { sql: SQL }).sql);
    else decoder = decoderOf((field as { sql: SQL }).sql);
    // A joined table's column: its table is null in the row when all of its columns are and the join may miss.
    const joinedTable = joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null;
    return { path, leaf: path[path.length - 1], decoder, joinedTable };
  });
  const flat = columns.every((column) => column.path.length === 1);
  if (flat) {
    return (row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const raw = row[i];
        result[columns[i].leaf] = raw === null ? null : columns[i].decoder.mapFromDriverValue(raw);
      }
      return result;
    };
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> = {};
    for (let i = 0; i < columns.length; i++) {
      const { path, leaf, decoder, joinedTable } = columns[i];
      let node = result;
      for (let depth = 0; depth < path.length - 1; depth++) {
        const chunk = path[depth];
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[leaf] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (joinedTable !== null) {
        const objectName = path[0];
        if (!(objectName in nullify)) nullify[objectName] = value === null ? joinedTable : false;
        else if (typeof nullify[objectName] === "string" && nullify[objectName] !== joinedTable) nullify[objectName] = false;
      }
    }
    for (const objectName in nullify) {
      const table = nullify[objectName];
      if (typeof table === "string" && !joinsNotNullableMap![table]) result[objectName] = null;
    }
    return result;
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
