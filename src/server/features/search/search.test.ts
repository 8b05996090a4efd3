import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../../shared/chat.js';
import { filmPath } from '../../../shared/films.js';
import type { SearchHit, SearchResult } from '../../../shared/search.js';
import { films } from '../../schema.js';
import { createAgent, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { searchLimit } from './routes.js';
import {
  categoryId,
  moderate,
  person,
  writeArticle,
  writePost,
  writeReply,
  type Person,
} from '../../test/factories.js';

let t: TestApp;
let author: Person;
let reader: Person;
let moderator: Person;
let admin: Person;
let visitor: Agent;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  author = await person(t);
  reader = await person(t);
  moderator = await person(t, 'moderator');
  admin = await person(t, 'admin');
  visitor = createAgent(t.app);
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;

async function search(agent: Agent, query: Record<string, string | number>) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const res = await agent.inject({ url: `/api/search?${params.toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>();
}

/** A thread by a new member each time (one thread per 30 seconds per member), or by `by`. */
async function thread(overrides: Parameters<typeof writePost>[2], by?: Person) {
  return writePost(t, (by ?? (await person(t))).agent, overrides);
}

const ids = (result: SearchResult) => result.items.map((hit) => hit.id);
const text = (parts: { text: string }[]) => parts.map((part) => part.text).join('');
const marked = (parts: { text: string; match: boolean }[]) =>
  parts.filter((part) => part.match).map((part) => part.text);

async function open(agent: Agent, category: string, id: string | number) {
  return agent.inject({ url: `/api/search/open/${category}/${id}` });
}

describe('finding threads', () => {
  it('finds a thread the moment it is written, by a stemmed word, a phrase and not by an excluded word', async () => {
    const post = await thread(
      {
        title: 'Quillfeather reviews the midnight screenings',
        body: 'A distinctive phrase: the lantern orchard glows. Nothing about sequels.',
      },
      author,
    );
    const stemmed = await search(reader.agent, { q: 'quillfeather reviewing' });
    expect(ids(stemmed)).toEqual([post.id]);
    const [hit] = stemmed.items;
    if (hit?.kind !== 'posts') throw new Error('expected a thread');
    expect(marked(hit.title)).toEqual(['Quillfeather', 'reviews']);
    expect(text(hit.title)).toBe('Quillfeather reviews the midnight screenings');
    expect(hit.author.username).toBe(author.user.username);
    expect(stemmed.counts.posts).toEqual({ count: 1, capped: false });

    expect(ids(await search(reader.agent, { q: '"lantern orchard" quillfeather' }))).toEqual([
      post.id,
    ]);
    expect(ids(await search(reader.agent, { q: '"orchard lantern" quillfeather' }))).toEqual([]);
    expect(ids(await search(reader.agent, { q: 'quillfeather -midnight' }))).toEqual([]);
    expect(ids(await search(visitor, { q: 'quillfeather OR nonexistentword' }))).toEqual([post.id]);
  });

  it('ranks a title match above a passing mention in a body', async () => {
    const mention = await thread({
      title: 'Notes from the weekend',
      body: 'We also talked briefly about marrowlight, among many other things.',
    });
    const titled = await thread({
      title: 'Marrowlight is the best film of the year',
      body: 'Here is why I think so.',
    });
    expect(ids(await search(reader.agent, { q: 'marrowlight' }))).toEqual([titled.id, mention.id]);
  });

  it('snippets are plain text with the matched words marked, whatever the body holds', async () => {
    await thread({
      title: 'Markup in a body',
      body: 'A **bold** <script>alert(1)</script> word: [saffronwick](https://example.com) again.',
    });
    const [hit] = (await search(reader.agent, { q: 'saffronwick' })).items;
    if (hit?.kind !== 'posts') throw new Error('expected a thread');
    expect(marked(hit.snippet)).toEqual(['saffronwick']);
    // Markdown's punctuation and markup are gone; what is left is text for the page to escape.
    expect(text(hit.snippet)).toContain('bold alert(1) word: saffronwick again');
  });

  it('filters by forum category, author, dates and rating', async () => {
    const reviews = await categoryId(t, 'reviews');
    const review = await thread({
      title: 'Thistledown, reviewed',
      body: 'A quiet film.',
      categoryId: reviews,
      filmTitle: 'Thistledown',
      rating: 8,
    });
    const other = await thread({ title: 'Thistledown again', body: 'Yes.' }, reader);
    const q = 'thistledown';
    expect(ids(await search(reader.agent, { q, forumCategory: 'reviews' }))).toEqual([review.id]);
    expect(ids(await search(reader.agent, { q, author: reader.user.username ?? '' }))).toEqual([
      other.id,
    ]);
    expect(ids(await search(reader.agent, { q, author: 'nobody_by_that_name' }))).toEqual([]);
    expect(ids(await search(reader.agent, { q, minRating: 8 }))).toEqual([review.id]);
    expect(ids(await search(reader.agent, { q, minRating: 9 }))).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(reader.agent, { q, from: today, to: today })).items).toHaveLength(2);
    expect(ids(await search(reader.agent, { q, to: '2020-01-01' }))).toEqual([]);
    // A rating says nothing about people or replies: those tabs are empty while it is set.
    const rated = await search(reader.agent, { q, minRating: 8 });
    expect(rated.counts.users?.count).toBe(0);
    expect(rated.counts.replies?.count).toBe(0);
  });
});

describe('what each reader may find', () => {
  it('a hidden thread is not found by members but is by moderators who ask for it', async () => {
    const writer = await person(t);
    const post = await thread({ title: 'Glimmerbrook spoilers', body: 'x y' }, writer);
    const hide = await moderate(
      moderator.agent,
      { postId: post.id },
      {
        action: 'hide',
        reason: 'Spoilers without warning',
      },
    );
    expect(hide.statusCode, hide.body).toBe(200);
    expect(ids(await search(reader.agent, { q: 'glimmerbrook' }))).toEqual([]);
    expect(ids(await search(moderator.agent, { q: 'glimmerbrook' }))).toEqual([]);
    const included = await search(moderator.agent, { q: 'glimmerbrook', hidden: 'include' });
    expect(ids(included)).toEqual([post.id]);
    expect(included.items[0]).toMatchObject({ hidden: true });
    expect(ids(await search(moderator.agent, { q: 'glimmerbrook', hidden: 'only' }))).toEqual([
      post.id,
    ]);
    const refused = await reader.agent.inject({ url: '/api/search?q=glimmerbrook&hidden=include' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('permission-denied');
    // Opening it: the reader is told it is gone; the author and moderators still reach it.
    expect((await open(reader.agent, 'posts', post.id)).statusCode).toBe(404);
    expect((await open(writer.agent, 'posts', post.id)).json()).toEqual({
      url: `/forum/post/${post.id}`,
    });
    expect((await open(moderator.agent, 'posts', post.id)).statusCode).toBe(200);
  });

  it('deleted content is found by nobody', async () => {
    const writer = await person(t);
    const post = await thread({ title: 'Cobblewick farewell', body: 'Bye.' }, writer);
    const res = await writer.agent.inject({ method: 'DELETE', url: `/api/forum/posts/${post.id}` });
    expect(res.statusCode, res.body).toBe(204);
    for (const hidden of ['include', 'only']) {
      expect(ids(await search(moderator.agent, { q: 'cobblewick', hidden }))).toEqual([]);
    }
    expect((await open(moderator.agent, 'posts', post.id)).statusCode).toBe(404);
  });

  it("a blocked member's content and profile are found by moderators only", async () => {
    const blocked = await person(t, 'user', { name: 'Vexhollow Pruitt', username: 'vexhollow' });
    const post = await thread({ title: 'Wanderfrost deals', body: 'Buy.' }, blocked);
    const res = await moderator.agent.inject({
      method: 'POST',
      url: `/api/users/${blocked.user.id}/block`,
      payload: { reason: 'Spam account' },
    });
    expect([200, 403]).toContain(res.statusCode);
    const block = await admin.agent.inject({
      method: 'POST',
      url: `/api/users/${blocked.user.id}/block`,
      payload: { reason: 'Spam account' },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(ids(await search(reader.agent, { q: 'wanderfrost' }))).toEqual([]);
    expect(ids(await search(reader.agent, { q: 'vexhollow', category: 'users' }))).toEqual([]);
    expect(ids(await search(moderator.agent, { q: 'wanderfrost', hidden: 'include' }))).toEqual([
      post.id,
    ]);
    const people = await search(moderator.agent, {
      q: 'vexhollow',
      category: 'users',
      hidden: 'only',
    });
    expect(people.items).toMatchObject([{ id: blocked.user.id, blocked: true }]);
    expect((await open(reader.agent, 'users', blocked.user.id)).statusCode).toBe(404);
  });
});

describe('replies, news, people and chat', () => {
  it('a reply opens its thread at that reply; a news comment opens the article', async () => {
    const post = await thread({ title: 'A thread', body: 'Words.' });
    const reply = await writeReply(reader.agent, post.id, { body: 'The briarmoth cut is longer.' });
    const found = await search(visitor, { q: 'briarmoth', category: 'replies' });
    expect(found.items).toMatchObject([{ kind: 'replies', id: reply.id, postId: post.id }]);
    expect((await open(visitor, 'replies', reply.id)).json()).toEqual({
      url: `/forum/post/${post.id}?reply=${reply.id}`,
    });

    const article = await writeArticle(admin.agent, { title: 'Festival notes on emberglass' });
    const discussion = article.discussionPostId;
    if (discussion === null) throw new Error('the article has no discussion');
    const comment = await writeReply(reader.agent, discussion, { body: 'Emberglass deserved it.' });
    expect((await open(visitor, 'replies', comment.id)).json()).toEqual({
      url: `/news/${article.id}?reply=${comment.id}`,
    });
    const news = await search(visitor, { q: 'emberglass', category: 'news' });
    expect(news.items).toMatchObject([{ kind: 'news', id: article.id, published: true }]);
    // The discussion thread is the article: it is not found again as a forum thread.
    expect(news.counts.posts?.count).toBe(0);
    expect((await open(visitor, 'news', article.id)).json()).toEqual({
      url: `/news/${article.id}`,
    });
  });

  it('drafts are found by admins who ask for unpublished content, by nobody else', async () => {
    const draft = await writeArticle(admin.agent, { title: 'Pinegloom draft', status: 'draft' });
    expect(ids(await search(reader.agent, { q: 'pinegloom', category: 'news' }))).toEqual([]);
    expect(
      ids(await search(moderator.agent, { q: 'pinegloom', category: 'news', hidden: 'include' })),
    ).toEqual([]);
    const found = await search(admin.agent, { q: 'pinegloom', category: 'news', hidden: 'only' });
    expect(found.items).toMatchObject([{ id: draft.id, published: false }]);
    expect((await open(reader.agent, 'news', draft.id)).statusCode).toBe(404);
  });

  it('finds people by a misspelt username or name', async () => {
    const sam = await person(t, 'user', { name: 'Samuel Watches', username: 'samwatches' });
    for (const q of ['samwatchs', '@samwatches', 'Samuel Wachtes', 'samw']) {
      const found = await search(visitor, { q, category: 'users' });
      expect(ids(found), q).toContain(sam.user.id);
    }
    expect((await open(visitor, 'users', sam.user.id)).json()).toEqual({ url: '/u/samwatches' });
  });

  it('chat messages are found by verified members only, hidden ones by moderators', async () => {
    const rooms = await reader.agent.inject({ url: '/api/chat/rooms' });
    const general = rooms.json<{ items: ChatRoom[] }>().items.find((room) => room.isGeneral);
    if (!general) throw new Error('no General room');
    const sent = await reader.agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${general.id}/messages`,
      payload: { body: 'Anyone seen Driftwhistle yet?', nonce: 'search-test-nonce-1' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json<{ message: ChatMessage }>().message;
    const found = await search(author.agent, { q: 'driftwhistle', category: 'chat' });
    expect(found.items).toMatchObject([{ kind: 'chat', id: message.id, roomId: general.id }]);
    expect((await open(author.agent, 'chat', message.id)).json()).toEqual({
      url: `/chat?room=${general.id}&message=${message.id}`,
    });

    const anonymous = await search(visitor, { q: 'driftwhistle', category: 'chat' });
    expect(anonymous).toMatchObject({ items: [], notice: 'sign-in-for-chat' });
    expect(anonymous.counts.chat).toBeUndefined();
    expect((await open(visitor, 'chat', message.id)).statusCode).toBe(404);

    const hide = await moderator.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${message.id}/moderation`,
      payload: { action: 'hide', reason: 'Off topic here' },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(ids(await search(author.agent, { q: 'driftwhistle', category: 'chat' }))).toEqual([]);
    expect(
      ids(await search(moderator.agent, { q: 'driftwhistle', category: 'chat', hidden: 'only' })),
    ).toEqual([message.id]);
  });
});

describe('films', () => {
  async function film(values: typeof films.$inferInsert) {
    const [row] = await db().insert(films).values(values).returning({ id: films.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  it('finds a live film by a word of its title or original title, diacritics ignored, never a merged one', async () => {
    const ballad = await film({
      title: 'The Ballad of Émilie Quillbrook',
      originalTitle: 'La Ballade d’Émilie Quillbrook',
      year: 1998,
      reviewCount: 3,
      ratingSum: 25,
    });
    const merged = await film({
      title: 'Ballad of Emilie Quillbrook',
      year: 1998,
      mergedIntoId: ballad,
    });
    const namesake = await film({ title: 'Quillbrook', year: 2010 });

    const found = await search(visitor, { q: 'EMILIE', category: 'films' });
    expect(found.counts.films).toEqual({ count: 1, capped: false });
    expect(found.notice).toBeNull();
    expect(found.items).toEqual([
      {
        kind: 'films',
        id: ballad,
        title: 'The Ballad of Émilie Quillbrook',
        originalTitle: 'La Ballade d’Émilie Quillbrook',
        year: 1998,
        reviewCount: 3,
        average: 8.3,
        url: filmPath({ id: ballad, title: 'The Ballad of Émilie Quillbrook' }),
      },
    ]);
    expect(ids(await search(visitor, { q: 'ballade', category: 'films' }))).toEqual([ballad]);
    // The whole title above a title that holds it, though that one has more reviews.
    const word = await search(visitor, { q: 'quillbrook', category: 'films' });
    expect(ids(word)).toEqual([namesake, ballad]);
    expect(ids(word)).not.toContain(merged);
    expect(ids(await search(visitor, { q: 'quilbrook', category: 'films' }))).toContain(namesake);
    // Films take no filter; a moderator's "only hidden" finds none, films have nothing hidden.
    expect((await search(visitor, { q: 'quillbrook', minRating: 5 })).counts.films?.count).toBe(0);
    expect(
      (await search(moderator.agent, { q: 'quillbrook', hidden: 'only' })).counts.films?.count,
    ).toBe(0);

    const quick = await visitor.inject({ url: '/api/search/quick?q=%C3%A9milie%20quillbrook' });
    expect(quick.statusCode, quick.body).toBe(200);
    const groups = quick.json().groups as { category: string; items: SearchHit[] }[];
    expect(groups.find((group) => group.category === 'films')?.items[0]).toMatchObject({
      kind: 'films',
      id: ballad,
    });

    // The merged film's old result opens the film it became.
    const opened = await open(visitor, 'films', merged);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      url: filmPath({ id: ballad, title: 'The Ballad of Émilie Quillbrook' }),
    });
  });
});

describe('counts and pages', () => {
  it('counts up to the candidates, says when there are more, and pages past the end are empty', async () => {
    const post = await thread({ title: 'Many replies', body: 'Words.' });
    await db().execute(sql`
      insert into comments (post_id, author_id, body_source, body_html)
      select ${post.id}, ${author.user.id}, 'Reply ' || g || ' about tanglewood', '<p>x</p>'
      from generate_series(1, 205) g`);
    const first = await search(visitor, { q: 'tanglewood', category: 'replies' });
    expect(first.counts.replies).toEqual({ count: 200, capped: true });
    expect(first.items).toHaveLength(20);
    const last = await search(visitor, { q: 'tanglewood', category: 'replies', page: 10 });
    expect(last.items).toHaveLength(20);
    const seen = new Set([...ids(first), ...ids(last)]);
    expect(seen.size).toBe(40);
    for (const page of [11, 99_999]) {
      const past = await search(visitor, { q: 'tanglewood', category: 'replies', page });
      expect(past.items).toEqual([]);
      expect(past.counts.replies?.capped).toBe(true);
    }
  });

  it('the quick search answers a few of each category', async () => {
    const post = await thread({ title: 'Hollowmere at dawn', body: 'x' });
    await writeReply(reader.agent, post.id, { body: 'Hollowmere is slow.' });
    const res = await visitor.inject({ url: '/api/search/quick?q=hollowmere' });
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().groups as { category: string; items: SearchHit[] }[];
    expect(groups.map((group) => group.category)).toEqual(['posts', 'replies']);
    expect(groups[0]?.items[0]).toMatchObject({ kind: 'posts', id: post.id });
  });
});

describe('bad input', () => {
  const badQueries: [string, string, number][] = [
    ['empty', '', 400],
    ['blank', '   ', 400],
    ['10,000 characters', 'a'.repeat(10_000), 400],
    ['a control character', 'film%07', 400],
    ['page 0', 'film&page=0', 400],
    ['a page that is not a number', 'film&page=abc', 400],
    ['an unknown category', 'film&category=movies', 400],
    ['an unknown parameter', 'film&sort=new', 400],
    ['a rating of 11', 'film&minRating=11', 400],
    ['a date that is not one', 'film&from=yesterday', 400],
    ['dates the wrong way round', 'film&from=2026-02-01&to=2026-01-01', 400],
  ];
  it.each(badQueries)('refuses %s with a clear error', async (_, query, status) => {
    const res = await visitor.inject({ url: `/api/search?q=${query}` });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toBeTruthy();
  });

  const oddQueries = [
    'the and of',
    '"unbalanced quote',
    `':*&|!()\\`,
    'film:* & !x | (y',
    "'; drop table posts; --",
    '🎬🍿 film',
    'фильм обзор',
    '映画のレビュー',
    'فيلم',
    '-',
    'OR',
    '""',
  ];
  it.each(oddQueries)('answers %j without an error', async (q) => {
    for (const category of ['posts', 'replies', 'news', 'users']) {
      const res = await visitor.inject({
        url: `/api/search?${new URLSearchParams({ q, category }).toString()}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(
      (await visitor.inject({ url: `/api/search/quick?q=${encodeURIComponent(q)}` })).statusCode,
    ).toBe(200);
  });

  it('says when a query holds only common words', async () => {
    expect((await search(visitor, { q: 'the and of' })).notice).toBe('only-common-words');
    expect((await search(visitor, { q: 'the', category: 'users' })).notice).toBeNull();
  });

  it('finds words in other scripts and emoji-adjacent words', async () => {
    const post = await thread({
      title: 'Фильм недели: Зеркало',
      body: '🎬 Grimsworth 🍿 was great',
    });
    expect(ids(await search(visitor, { q: 'зеркало' }))).toEqual([post.id]);
    expect(ids(await search(visitor, { q: '🎬 grimsworth' }))).toEqual([post.id]);
  });

  it('opening an unknown category or a malformed id answers not found', async () => {
    for (const [category, id] of [
      ['movies', '1'],
      ['films', '999999999'],
      ['posts', 'abc'],
      ['posts', '0'],
      ['posts', '99999999999999999999'],
      ['replies', '-1'],
      ['users', 'no-such-user'],
      ['chat', '123456789'],
    ]) {
      const res = await visitor.inject({ url: `/api/search/open/${category}/${id}` });
      expect(res.statusCode, `${category}/${id}`).toBe(404);
      expect(res.json().error.code).toBe('not-found');
    }
  });
});

describe('how often one may search', () => {
  /** A fresh client address per test: with REDIS_URL the counters outlive this file's runs. */
  const freshAddress = () =>
    `10.${Array.from(randomBytes(3))
      .map((byte) => byte % 250)
      .join('.')}`;
  const ask = (agent: Agent, url: string, remoteAddress: string) =>
    agent.inject({ url, remoteAddress });

  it("holds a member to a searcher's pace, counting quick searches and result pages together", async () => {
    const member = await person(t);
    const address = freshAddress();
    const budget = searchLimit.account?.points ?? 0;
    for (let n = 0; n < budget; n += 1) {
      const url = n % 2 === 0 ? `/api/search/quick?q=reel${n}` : `/api/search?q=reel${n}`;
      expect((await ask(member.agent, url, address)).statusCode).toBe(200);
    }
    const refused = await ask(member.agent, '/api/search/quick?q=one-more', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'resource-exhausted',
      message: expect.stringMatching(/^You are searching too fast\. Try again in \d+ seconds?\.$/),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another member at the same address searches on.
    expect((await ask(reader.agent, '/api/search?q=reel', address)).statusCode).toBe(200);
  });

  it('holds one client address to its budget', async () => {
    const address = freshAddress();
    const budget = searchLimit.ip.points;
    for (let n = 0; n < budget; n += 1) {
      const res = await ask(visitor, `/api/search?q=frame${n}&category=users`, address);
      expect(res.statusCode).toBe(200);
    }
    const refused = await ask(visitor, '/api/search/quick?q=frame', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('resource-exhausted');
    expect((await ask(visitor, '/api/search?q=frame', freshAddress())).statusCode).toBe(200);
  });

  it('counts a moderator per address only: their work is searching', async () => {
    const address = freshAddress();
    const beyond = (searchLimit.account?.points ?? 0) + 1;
    for (let n = 0; n < beyond; n += 1) {
      const res = await ask(moderator.agent, `/api/search?q=cut${n}&hidden=include`, address);
      expect(res.statusCode).toBe(200);
    }
  });
});
