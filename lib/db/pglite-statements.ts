import { parse, protocol, type messages, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

const { serialize } = protocol;

interface Statement {
  name: string;
  /** The parameters' type OIDs, which pick each value's serializer as PGlite's own query does. */
  paramTypes: number[];
  /** What the statement returns, described once; null for a statement without rows. */
  rowDescription: messages.BackendMessage | null;
}

/** PGlite's own query adds the statement to its errors; so does this, so a logged error reads the same. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof protocol.messages.DatabaseError) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/**
 * A statement Postgres no longer runs: its result columns changed with the schema ("cached plan must
 * not change result type"), or it was deallocated. Either is refused at bind, before anything ran.
 */
const isStale = (error: unknown) =>
  error instanceof protocol.messages.DatabaseError && ((error.code === "0A000" && /cached plan/.test(error.message)) || error.code === "26000");

/**
 * PGlite's query() parses, plans and describes every statement anew, in six calls into Postgres
 * (parse, describe, bind, describe, execute, sync). This keeps each query text as a named prepared
 * statement, described once, so a query is one call (bind, execute, sync) and Postgres reuses its plan,
 * as postgres.js' prepared statements do on the server. The results are parsed by PGlite's own parser,
 * and values are serialised by its serializers, so they are the same as query()'s.
 *
 * `run` takes no lock and does not wait for PGlite to start: the caller has waited for it to be ready
 * and holds its query mutex (and, outside a transaction, its transaction mutex), as PGlite's query() does.
 */
export class PgliteStatements {
  private readonly statements = new Map<string, Statement>();
  /** Statements dropped from the cache, closed in Postgres with the next prepare. */
  private evicted: string[] = [];
  private sequence = 0;

  constructor(
    private readonly client: PGlite,
    private readonly maxStatements = 500,
  ) {}

  /** The number of statements held; exposed so tests can check that the cache is bounded. */
  get size(): number {
    return this.statements.size;
  }

  async run<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    try {
      return await this.execute<T>(query, params, options);
    } catch (error) {
      if (!isStale(error)) throw withQuery(error, query, params, options);
      this.forget(query);
      // In a transaction the error has aborted it, so only the caller's retry can run it again.
      if (this.client.isInTransaction()) throw withQuery(error, query, params, options);
      try {
        return await this.execute<T>(query, params, options);
      } catch (retryError) {
        throw withQuery(retryError, query, params, options);
      }
    }
  }

  private async execute<T>(query: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = this.statements.get(query) ?? (await this.prepare(query, options));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[statement.paramTypes[i]] ?? this.client.serializers[statement.paramTypes[i]];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await this.client.execProtocol(
      Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      {
        syncToFs: false,
        onNotice: options?.onNotice,
      },
    );
    return parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, this.client.parsers, options)[0] as Results<T>;
  }

  private async prepare(query: string, options: QueryOptions | undefined): Promise<Statement> {
    if (this.statements.size >= this.maxStatements) this.forget(this.statements.keys().next().value!);
    const name = `pglite_${this.sequence++}`;
    const closes = this.evicted.map((evicted) => serialize.close({ type: "S", name: evicted }));
    this.evicted = [];
    const { messages } = await this.client.execProtocol(
      Buffer.concat([...closes, serialize.parse({ name, text: query, types: options?.paramTypes }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === "rowDescription") ?? null,
    };
    this.statements.set(query, statement);
    return statement;
  }

  private forget(query: string): void {
    const statement = this.statements.get(query);
    if (!statement) return;
    this.statements.delete(query);
    this.evicted.push(statement.name);
  }
}
