import {
  messages,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { seenTwice } from './seen-twice.js';

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

/** What `parseResults` reads of a run's answer: its rows (as text) and its command's tag. */
type Answer =
  { name: 'dataRow'; fields: (string | null)[] } | { name: 'commandComplete'; text: string };

const dataRow = 0x44; // D
const commandComplete = 0x43; // C
/**
 * Answers of a run that carry nothing for its result: parse, bind and close complete, no data,
 * empty query, ready for query.
 */
const nothingToRead = new Set([0x31, 0x32, 0x33, 0x6e, 0x49, 0x5a]);

/**
 * A run's rows and command tag, read straight from PGlite's output. PGlite's own parser copies
 * every field into a new ArrayBuffer before decoding it and makes an object per message: on a
 * page of 50 replies that was a third of the request's time. This reads each field as a slice
 * of the one buffer. Undefined when the output holds anything else (an error, a notice): then
 * PGlite's parser reads it (`readMessages`).
 */
function readAnswers(output: Buffer): Answer[] | undefined {
  const answers: Answer[] = [];
  let at = 0;
  while (at + 5 <= output.length) {
    const type = output.readUInt8(at);
    const end = at + 1 + output.readInt32BE(at + 1);
    if (type === dataRow) {
      const count = output.readInt16BE(at + 5);
      const fields = new Array<string | null>(count);
      let field = at + 7;
      for (let i = 0; i < count; i += 1) {
        const length = output.readInt32BE(field);
        field += 4;
        if (length < 0) {
          fields[i] = null;
        } else {
          fields[i] = output.toString('utf8', field, field + length);
          field += length;
        }
      }
      answers.push({ name: 'dataRow', fields });
    } else if (type === commandComplete) {
      // The tag, without its terminating zero.
      answers.push({ name: 'commandComplete', text: output.toString('utf8', at + 5, end - 1) });
    } else if (!nothingToRead.has(type)) {
      return undefined;
    }
    at = end;
  }
  return answers;
}

/** The output read by PGlite's own parser; an error in it is thrown, as `query()` throws it. */
function readMessages(output: Buffer): BackendMessage[] {
  const read: BackendMessage[] = [];
  new protocol.Parser().parse(output, (message) => read.push(message));
  const error = read.find((message) => message instanceof messages.DatabaseError);
  if (error) throw error;
  return read;
}

/**
 * What `query()` would do, with prepared statements for repeated texts. `plain` is PGlite's own
 * `query`, which answers a text seen for the first time.
 */
export function preparedStatements(client: PGlite, plain: PGlite['query']) {
  const { serialize } = protocol;
  const statements = new Map<string, Statement>();
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
    let statement = statements.get(text);
    let answers: (Answer | BackendMessage)[];
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
      // Bind, execute and sync in one call: after an error PostgreSQL skips to the sync.
      const chunks: Buffer[] = [];
      await client.execProtocolRawStream(
        Buffer.concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        // Each chunk is a view of PGlite's memory, written over by the next one.
        { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) },
      );
      const output = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      answers = readAnswers(output) ?? readMessages(output);
    } catch (error) {
      // The statement may be what failed (a table it reads was changed): it is closed, and
      // prepared afresh next time.
      if (statement && statements.get(text) === statement) {
        statements.delete(text);
        await exec(serialize.close({ type: 'S', name: statement.name }));
        await exec(serialize.sync());
      }
      throw error;
    }
    const parsers = options?.parsers ? withClientParsers(options.parsers) : client.parsers;
    // Only the row mode: parsers passed here would be copied again.
    const rowMode = options?.rowMode ? { rowMode: options.rowMode } : undefined;
    // The columns as described once, then this run's rows and tag.
    const described = [...statement.columns, ...answers] as BackendMessage[];
    return parse.parseResults(described, parsers, rowMode)[0] as Results<T>;
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

  /** Whether to run `text` as a named statement: it was prepared, or is seen a second time. */
  const secondSight = seenTwice();
  const named = (text: string) => statements.has(text) || secondSight(text);

  return {
    /** `query()` outside a transaction: it takes PGlite's locks, as `query()` does. */
    query: async <T>(
      text: string,
      params: unknown[] = [],
      options?: QueryOptions,
    ): Promise<Results<T>> => {
      if (!named(text)) return plain<T>(text, params, options);
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = await run<T>(text, params, options);
          await client.syncToFs();
          return result;
        }),
      );
    },
    /**
     * The same for a transaction's `query()` (`tx`, which holds the transaction lock already):
     * the statements of a transaction (a reply's job, a moderation step) were parsed and
     * planned anew on every run, as outside one before.
     */
    inTransaction: (tx: Transaction): Transaction['query'] => {
      const txPlain = tx.query.bind(tx);
      return async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        if (!named(text)) return txPlain<T>(text, params, options);
        return client._runExclusiveQuery(() => run<T>(text, params, options));
      };
    },
  };
}
