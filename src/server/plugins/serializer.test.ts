import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer.js';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const page = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      editedAt: z.iso.datetime({ offset: true }).nullable(),
      replyTo: z.object({ id: z.number().int(), excerpt: z.string() }).nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

describe('the response serialiser', () => {
  const data = {
    items: [
      { id: 1, editedAt: null, replyTo: null, secret: 'never sent' },
      { id: 2, editedAt: '2026-11-22T10:00:00.000Z', replyTo: { id: 1, excerpt: 'Hi', x: 1 } },
    ],
    nextCursor: null,
    internal: true,
  };
  const expected =
    '{"items":[{"id":1,"editedAt":null,"replyTo":null},' +
    '{"id":2,"editedAt":"2026-11-22T10:00:00.000Z","replyTo":{"id":1,"excerpt":"Hi"}}],' +
    '"nextCursor":null}';

  it('writes only the declared fields, as zod would, in production and in checked mode', () => {
    for (const check of [false, true]) {
      const serialize = responseSerializerCompiler({ check })(route(page));
      expect(serialize(data)).toBe(expected);
    }
  });

  it('refuses an answer that breaks its schema', () => {
    const serialize = responseSerializerCompiler({ check: true })(route(page));
    expect(() => serialize({ items: [{ id: 1.5, editedAt: null, replyTo: null }] })).toThrow();
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date().transform((date) => date.getTime()) });
    const serialize = responseSerializerCompiler({ check: false })(route(dated));
    expect(serialize({ at: new Date(5) })).toBe('{"at":5}');
  });
});
