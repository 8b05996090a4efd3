import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { person, writePost, writeReply } from '../../test/factories.js';

let t: TestApp;
let visitor: Agent;
let member: Agent;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  visitor = createAgent(t.app);
  const author = await person(t);
  // A moderator reads every category and is counted per address only (routes.ts searchLimit),
  // and each query below comes from an address of its own: this file is about the parser.
  member = (await person(t, 'moderator')).agent;
  const post = await writePost(t, author.agent, {
    title: 'Property testing the search box',
    body: 'Films, reviews, "quotes" and (brackets) & symbols | pipes ! bangs :* stars.',
  });
  await writeReply(author.agent, post.id, { body: 'A reply about films & symbols.' });
});
afterAll(() => t.close());

/** Percent-encodes every byte, so even bytes that are not UTF-8 reach the server as sent. */
const encodeBytes = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** What the query syntax treats specially, to make the random strings dense with it. */
const syntax = fc.constantFrom(
  ...`"'-:*&|!()\\<>@#%+ `.split(''),
  'OR',
  'or',
  'AND',
  '<->',
  ':*',
  'the',
  'film',
  'reviews',
  '🎬',
  'фильм',
  '映画',
);
const queries = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: syntax, maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

let sent = 0;
/** A different client address for each query, so the search limit never answers instead. */
const nextAddress = () => {
  sent += 1;
  return `10.77.${(sent >> 8) & 255}.${sent & 255}`;
};

async function answers(agent: Agent, url: string) {
  const res = await agent.inject({ url, remoteAddress: nextAddress() });
  // A clear refusal (the text rule, the length) or an answer, never a server error.
  expect([200, 400], `${url} → ${res.body}`).toContain(res.statusCode);
  if (res.statusCode === 400) expect(res.json().error.code).toBe('invalid-argument');
  return res.statusCode;
}

describe('the query parser, fed random strings', () => {
  it('answers every text a person could type with results or a clear error', async () => {
    await fc.assert(
      fc.asyncProperty(
        queries,
        fc.constantFrom('posts', 'replies', 'news', 'users', 'chat'),
        async (q, category) => {
          const text = Buffer.from(q, 'utf8');
          await answers(member, `/api/search?category=${category}&q=${encodeBytes(text)}`);
          await answers(visitor, `/api/search/quick?q=${encodeBytes(text)}`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers any bytes at all, UTF-8 or not, without a server error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 40 }), async (bytes) => {
        await answers(visitor, `/api/search?q=${encodeBytes(bytes)}`);
      }),
      { numRuns: 100 },
    );
  });
});
