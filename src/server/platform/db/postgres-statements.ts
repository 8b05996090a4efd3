import type pg from 'pg';
import { seenTwice } from './seen-twice.js';

/**
 * Texts named per process; past this, further texts run unnamed (PostgreSQL keeps each named
 * text's plan on every connection).
 */
const maxNamed = 500;

/**
 * Named prepared statements for node-postgres. Drizzle sends every query without a name, so
 * PostgreSQL parsed and planned it on every run, and the whole text crossed the socket each
 * time: on the two cores the server, PostgreSQL and the clients share, that was time taken from
 * the server. A text run a second time is given a name here; node-postgres then parses it once
 * per connection and afterwards only binds and executes it, and PostgreSQL's plan cache chooses
 * between a generic and a custom plan as it does for PGlite's statements
 * (pglite-statements.ts).
 */
export function namedStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const secondSight = seenTwice();
  let counter = 0;
  const nameOf = (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined || names.size >= maxNamed || !secondSight(text)) return name;
    counter += 1;
    const given = `vp_${counter}`;
    names.set(text, given);
    return given;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const name = unnamedText(config) && nameOf(config.text);
      if (!name) return query(config, ...rest);
      const result = query({ ...config, name }, ...rest);
      // A table under it changed what it answers (a migration by another process): PostgreSQL
      // refuses the statement from now on, so the text is named afresh next time.
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if ((error as { code?: unknown }).code === '0A000') names.delete(config.text);
        });
      }
      return result;
    }) as typeof client.query;
  });
}

/** A query config (not a Query object, which carries its own state) with a text and no name. */
function unnamedText(config: unknown): config is { text: string } {
  if (typeof config !== 'object' || config === null || 'submit' in config) return false;
  const { text, name } = config as { text?: unknown; name?: unknown };
  return typeof text === 'string' && !name;
}
