import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite. Its `query()` sends every query as an unnamed statement:
 * PostgreSQL parses and plans it anew each time, which on a page of replies cost more than
 * running it (about 0.3 ms to parse and 0.8 ms to plan against 1 ms to execute). Here a query
 * text seen a second time is parsed and described once under a name and then only bound and
 * executed, so PostgreSQL keeps its plan as it does for node-postgres' named statements (its
 * plan cache chooses between a generic and a custom plan the same way).
 *
 * It runs under PGlite's own locks, in the order `query()` takes them, so it never interleaves
 * with a transaction or another query.
 */

/** A message PGlite answers with (its type is not exported by name). */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** Statements kept per database; the least recently used one is closed past this. */
const maxStatements = 200;
/** Query texts remembered as seen once (a text is prepared when seen again). */
const maxSeen = 2_000;

interface Statement {
  name: string;
  /** The parameters' type ids, which pick each value's serializer. */
  paramTypes: number[];
  /**
   * The columns it answers, as describing the statement told them once (results come as text,
   * as described): each run parses its rows with them instead of describing itself again.
   */
  columns: BackendMessage[];
}

/**
 * What `query()` would do, with prepared statements for repeated texts. `plain` is PGlite's own
 * `query`, which answers a text seen for the first time.
 */
export function preparedStatements(client: PGlite, plain: PGlite['query']) {
  const { serialize } = protocol;
  const statements = new Map<string, Statement>();
  const seen = new Set<string>();
  let counter = 0;
  const exec = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string, options?: QueryOptions): Promise<Statement> {
    if (statements.size >= maxStatements) {
      const [oldest] = statements;
      if (oldest) {
        statements.delete(oldest[0]);
        await exec(serialize.close({ type: 'S', name: oldest[1].name }));
      }
    }
    counter += 1;
    const name = `vp_${counter}`;
    await exec(serialize.parse({ name, text, types: options?.paramTypes }));
    const described = await exec(serialize.describe({ type: 'S', name }));
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      columns: described.filter((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions) {
    const messages = [];
    let statement = statements.get(text);
    try {
      if (statement) {
        // Most recently used last: the map's first entry is the one to close.
        statements.delete(text);
        statements.set(text, statement);
      } else {
        statement = await prepare(text, options);
      }
      const { paramTypes } = statement;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = paramTypes[i] ?? 0;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        // As query() does: a type without a serializer is sent as the value's text.
        return serializer ? serializer(value) : (value as { toString(): string }).toString();
      });
      messages.push(
        ...(await exec(serialize.bind({ statement: statement.name, values }))),
        ...statement.columns,
        ...(await exec(serialize.execute({}))),
      );
    } catch (error) {
      // The statement may be what failed (a table it reads was changed): it is closed once the
      // error is over, and prepared afresh next time.
      await exec(serialize.sync());
      if (statement && statements.get(text) === statement) {
        statements.delete(text);
        await exec(serialize.close({ type: 'S', name: statement.name }));
        await exec(serialize.sync());
      }
      throw error;
    }
    messages.push(...(await exec(serialize.sync())));
    const parsers = options?.parsers ? withClientParsers(options.parsers) : client.parsers;
    // Only the row mode: parsers passed here would be copied again.
    const rowMode = options?.rowMode ? { rowMode: options.rowMode } : undefined;
    return parse.parseResults(messages, parsers, rowMode)[0] as Results<T>;
  }

  /*
   * The parsers a result is read with: the query's own over the client's. `parseResults`
   * copies all of the client's (about 320, one per type and array type) into a new object for
   * every query that brings its own, as each of Drizzle's does: 0.1–0.3 ms a query here, a
   * fifth of a reply's insert. An object inheriting the client's finds the same parsers with
   * only the query's few as its own keys, made once per Drizzle statement.
   */
  type Parsers = PGlite['parsers'];
  const merged = new WeakMap<object, Parsers>();
  function withClientParsers(own: object): Parsers {
    let parsers = merged.get(own);
    if (!parsers) {
      parsers = Object.assign(Object.create(client.parsers) as Parsers, own);
      merged.set(own, parsers);
    }
    return parsers;
  }

  return async function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (!statements.has(text)) {
      if (!seen.has(text)) {
        if (seen.size >= maxSeen) seen.clear();
        seen.add(text);
        return plain<T>(text, params, options);
      }
      seen.delete(text);
    }
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await run<T>(text, params, options);
        await client.syncToFs();
        return result;
      }),
    );
  };
}
