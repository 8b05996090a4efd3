import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilmResponse, FilmSummary } from '../../../shared/films.js';
import type { PostDetail } from '../../../shared/forum.js';
import { auditLog, films, posts } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { categoryId, insertPost, moderate, person, type Person } from '../../test/factories.js';

let t: TestApp;
let member: Person;
let critic: Person;
let moderator: Person;
let experienced: Person;
let reviews: number;
const db = () => t.platforms.database.db;

beforeAll(async () => {
  t = await createTestApp({
    serveWeb: false,
    env: { FORUM_LIST_CACHE_MS: '0', SESSION_CACHE_MS: '0' },
  });
  member = await person(t);
  critic = await person(t);
  moderator = await person(t, 'moderator');
  experienced = await person(t, 'experienced_moderator');
  reviews = await categoryId(t, 'reviews');
});
afterAll(() => t.close());

/** A film added by a member of its own (each member's adding is limited, as in life). */
async function addFilm(payload: object): Promise<FilmSummary> {
  const who = await person(t);
  const res = await who.agent.inject({
    method: 'POST',
    url: '/api/films',
    remoteAddress: nextAddress(),
    payload,
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<{ film: FilmSummary }>().film;
}

/** Each write from an address of its own: the per-address limits are not what is tested. */
let address = 0;
const nextAddress = () => `10.36.${Math.floor(++address / 250)}.${address % 250}`;

/** A new thread, written as `who` from an address of its own. */
async function writeThread(who: Person, payload: Record<string, unknown>) {
  return who.agent.inject({
    method: 'POST',
    url: '/api/forum/posts',
    remoteAddress: nextAddress(),
    payload,
  });
}

/** A review by `who`, or by a member of its own (starting threads is limited per member). */
async function review(
  who: Person | null,
  filmId: number,
  rating: number,
  title = 'My take on it',
): Promise<PostDetail> {
  const res = await writeThread(who ?? (await person(t)), {
    categoryId: reviews,
    title,
    body: `A review rated ${rating}.`,
    filmId,
    rating,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ post: PostDetail }>().post;
}

async function page(id: number, query = ''): Promise<FilmResponse> {
  const res = await t.app.inject({ url: `/api/films/${id}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FilmResponse>();
}

const figures = async (id: number) => {
  const { film } = await page(id);
  return { count: film.reviewCount, average: film.average, histogram: film.histogram };
};

const histogramOf = (ratings: Record<number, number>) =>
  Array.from({ length: 10 }, (_, index) => ratings[index + 1] ?? 0);

describe('adding a film', () => {
  it('adds one, and answers the same film for the same title and year however it is written', async () => {
    const created = await member.agent.inject({
      method: 'POST',
      url: '/api/films',
      payload: { title: 'The Wages of Fear', year: 1953, director: 'Henri-Georges Clouzot' },
    });
    expect(created.statusCode).toBe(201);
    const film = created.json<{ film: FilmSummary; created: boolean }>();
    expect(film).toMatchObject({
      created: true,
      film: { title: 'The Wages of Fear', year: 1953, reviewCount: 0, average: null },
    });
    expect(film.film.url).toBe(`/films/${film.film.id}-the-wages-of-fear`);

    const again = await critic.agent.inject({
      method: 'POST',
      url: '/api/films',
      payload: { title: '  wages of   FEAR ', year: 1953 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, film: { id: film.film.id } });

    // Another year is another film (a remake).
    const remake = await addFilm({ title: 'The Wages of Fear', year: 1977 });
    expect(remake.id).not.toBe(film.film.id);
  });

  it('refuses a bad year, an empty, invisible or too long title, and changes nothing', async () => {
    const countFilms = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(films)
      )[0]?.n;
    const before = await countFilms();
    const cases: [object, string][] = [
      [{ title: 'Too early', year: 1869 }, "A film's year is 1870 or later"],
      [
        { title: 'Too late', year: new Date().getUTCFullYear() + 2 },
        'A film’s year can be next year at the latest',
      ],
      [{ title: '', year: 2000 }, 'A film title cannot be empty'],
      [{ title: '\u200b\u200b', year: 2000 }, 'A film title cannot be empty'],
      [{ title: 'x'.repeat(201), year: 2000 }, 'A film title can be at most 200 characters'],
      [{ title: 'No year' }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await member.agent.inject({ method: 'POST', url: '/api/films', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
      if (message) expect(res.body).toContain(message);
    }
    expect(await countFilms()).toBe(before);
  });

  it('is for members: a visitor is asked to sign in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/films',
      payload: { title: 'Anonymous', year: 2001 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("a film's figures", () => {
  it('follow its reviews as they are written, edited, hidden, restored, moved and deleted', async () => {
    const film = await addFilm({ title: 'Stalker', year: 1979 });
    const first = await review(member, film.id, 9);
    await review(null, film.id, 6);
    expect(await figures(film.id)).toEqual({
      count: 2,
      average: 7.5,
      histogram: histogramOf({ 9: 1, 6: 1 }),
    });

    // An edit of the rating moves it in the histogram.
    const edited = await member.agent.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${first.id}`,
      payload: { rating: 10 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await figures(film.id)).toEqual({
      count: 2,
      average: 8,
      histogram: histogramOf({ 10: 1, 6: 1 }),
    });

    // Hidden: it leaves the figures and the list, and nothing of it shows.
    const hidden = await moderate(
      moderator.agent,
      { postId: first.id },
      { action: 'hide', reason: 'Spoilers' },
    );
    expect(hidden.statusCode).toBe(200);
    const whileHidden = await page(film.id);
    expect(whileHidden.film).toMatchObject({ reviewCount: 1, average: 6 });
    expect(whileHidden.film.histogram).toEqual(histogramOf({ 6: 1 }));
    expect(whileHidden.reviews.items.map((item) => item.id)).not.toContain(first.id);

    await moderate(moderator.agent, { postId: first.id }, { action: 'restore' });
    expect((await figures(film.id)).count).toBe(2);

    // Moved out of Reviews it is no review; back in, it counts again.
    const discussions = await categoryId(t, 'discussions');
    await moderate(
      moderator.agent,
      { postId: first.id },
      { action: 'move', categoryId: discussions },
    );
    expect(await figures(film.id)).toMatchObject({ count: 1, average: 6 });
    await moderate(moderator.agent, { postId: first.id }, { action: 'move', categoryId: reviews });
    expect(await figures(film.id)).toMatchObject({ count: 2, average: 8 });

    // Deleted by its author.
    const deleted = await member.agent.inject({
      method: 'DELETE',
      url: `/api/forum/posts/${first.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await figures(film.id)).toEqual({
      count: 1,
      average: 6,
      histogram: histogramOf({ 6: 1 }),
    });
  });

  it('lists the reviews in each order, a page at a time', async () => {
    const film = await addFilm({ title: 'Ordet', year: 1955 });
    const low = await review(null, film.id, 3, 'Not for me');
    const high = await review(null, film.id, 10, 'A miracle');
    const mid = await review(null, film.id, 7, 'Slow but rewarding');
    await critic.agent.inject({ method: 'PUT', url: `/api/forum/posts/${mid.id}/reaction` });
    const order = async (sort: string) =>
      (await page(film.id, `?sort=${sort}`)).reviews.items.map((item) => item.id);
    expect(await order('newest')).toEqual([mid.id, high.id, low.id]);
    expect(await order('highest')).toEqual([high.id, mid.id, low.id]);
    expect(await order('lowest')).toEqual([low.id, mid.id, high.id]);
    expect((await order('liked'))[0]).toBe(mid.id);
    const { reviews: list } = await page(film.id);
    expect(list).toMatchObject({ page: 1, pageCount: 1 });
    expect(list.items[0]).toMatchObject({
      title: 'Slow but rewarding',
      rating: 7,
      excerpt: 'A review rated 7.',
    });
    const bad = await t.app.inject({ url: `/api/films/${film.id}?sort=random` });
    expect(bad.statusCode).toBe(400);
  });

  it('are read, not counted: a page of a film with many reviews costs what one with few does', async () => {
    const few = await addFilm({ title: 'Few Reviews', year: 2010 });
    const many = await addFilm({ title: 'Many Reviews', year: 2011 });
    await review(null, few.id, 5);
    await db().execute(sql`insert into users (id, name, email, username)
      select 'film-fan-' || g, 'Fan ' || g, 'film-fan' || g || '@example.test', 'film_fan_' || g
      from generate_series(1, 300) g`);
    for (let n = 1; n <= 300; n += 1) {
      await insertPost(t, {
        authorId: `film-fan-${n}`,
        categoryId: reviews,
        title: `Fan review ${n}`,
        filmId: many.id,
        filmTitle: 'Many Reviews',
        rating: 1 + (n % 10),
      });
    }
    expect((await page(many.id)).film.reviewCount).toBe(300);
    const queriesOf = async (id: number) => {
      const before = t.queries.length;
      await page(id, '?sort=highest&page=2');
      return t.queries.slice(before).filter((query) => !/"jobs"|thread_views/.test(query));
    };
    const small = await queriesOf(few.id);
    const large = await queriesOf(many.id);
    expect(large).toHaveLength(small.length);
    expect(large.length).toBeLessThanOrEqual(2);
    expect(large.some((query) => /count\(/.test(query))).toBe(false);
  });
});

describe("a film's latest review", () => {
  it('is the newest visible one, also when a review is hidden or its time is changed', async () => {
    const film = await addFilm({ title: 'Late Spring', year: 1949 });
    const older = await review(null, film.id, 8);
    const newer = await review(null, film.id, 9);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    // As an import dates them: the film's latest review follows.
    await db().update(posts).set({ createdAt: monthAgo }).where(eq(posts.id, older.id));
    await db().update(posts).set({ createdAt: weekAgo }).where(eq(posts.id, newer.id));
    const latest = async () => (await page(film.id)).film.lastReviewedAt;
    expect(await latest()).toBe(weekAgo.toISOString());
    // Hidden, the newer one no longer dates the film.
    await moderate(moderator.agent, { postId: newer.id }, { action: 'hide', reason: 'Spam' });
    expect(await latest()).toBe(monthAgo.toISOString());
  });
});

describe('the films index', () => {
  it('ranks best rated by a weighted average, so one 10/10 does not top many 9s', async () => {
    const once = await addFilm({ title: 'One Perfect Score', year: 2020 });
    const loved = await addFilm({ title: 'Widely Loved', year: 2020 });
    await review(null, once.id, 10);
    for (let fan = 0; fan < 4; fan += 1) await review(null, loved.id, 9);
    const res = await t.app.inject({ url: '/api/films?sort=best-rated&year=2020' });
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ items: FilmSummary[] }>().items.map((film) => film.id);
    expect(ids.indexOf(loved.id)).toBeLessThan(ids.indexOf(once.id));
  });

  it('filters by decade and finds by title, and refuses a bad filter', async () => {
    await addFilm({ title: 'Léon: The Professional', year: 1994 });
    const found = await t.app.inject({ url: '/api/films?q=leon&decade=1990&sort=title' });
    expect(found.json<{ items: FilmSummary[] }>().items.map((film) => film.title)).toContain(
      'Léon: The Professional',
    );
    const none = await t.app.inject({ url: '/api/films?q=leon&decade=2000' });
    expect(none.json<{ total: number }>().total).toBe(0);
    const bad = await t.app.inject({ url: '/api/films?decade=1995' });
    expect(bad.statusCode).toBe(400);
    const suggested = await t.app.inject({ url: '/api/films/suggest?q=L%C3%A9on' });
    expect(suggested.json<{ items: FilmSummary[] }>().items[0]).toMatchObject({
      title: 'Léon: The Professional',
      year: 1994,
    });
  });
});

describe('merging duplicates', () => {
  it('moves every review, redirects the old film to the survivor, and tells the audit log', async () => {
    const kept = await addFilm({ title: 'Seven Samurai', year: 1954 });
    const duplicate = await addFilm({ title: 'Seven Samurai', year: 1955 });
    await review(null, kept.id, 10);
    const moved = await review(null, duplicate.id, 8);

    const pairs = await experienced.agent.inject({ url: '/api/films/duplicates' });
    expect(pairs.statusCode).toBe(200);
    expect(
      pairs
        .json<{ pairs: { a: FilmSummary; b: FilmSummary }[] }>()
        .pairs.some((pair) => pair.a.id === kept.id && pair.b.id === duplicate.id),
    ).toBe(true);
    expect((await moderator.agent.inject({ url: '/api/films/duplicates' })).statusCode).toBe(403);

    const merged = await experienced.agent.inject({
      method: 'POST',
      url: `/api/films/${duplicate.id}/merge`,
      payload: { intoId: kept.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await figures(kept.id)).toMatchObject({ count: 2, average: 9 });
    const old = await page(duplicate.id);
    expect(old.film.id).toBe(kept.id);
    const [row] = await db()
      .select({ filmId: posts.filmId })
      .from(posts)
      .where(eq(posts.id, moved.id));
    expect(row?.filmId).toBe(kept.id);
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'film.merge'));
    expect(entries.at(-1)).toMatchObject({ targetId: String(duplicate.id) });

    // Into itself, or into a film merged away: refused, nothing changed.
    const self = await experienced.agent.inject({
      method: 'POST',
      url: `/api/films/${kept.id}/merge`,
      payload: { intoId: kept.id },
    });
    expect(self.statusCode).toBe(400);
    const other = await addFilm({ title: 'Seven Samurai Redux', year: 1954 });
    const intoMerged = await experienced.agent.inject({
      method: 'POST',
      url: `/api/films/${other.id}/merge`,
      payload: { intoId: duplicate.id },
    });
    expect(intoMerged.statusCode).toBe(400);
    expect((await figures(other.id)).count).toBe(0);
    const byModerator = await moderator.agent.inject({
      method: 'POST',
      url: `/api/films/${other.id}/merge`,
      payload: { intoId: kept.id },
    });
    expect(byModerator.statusCode).toBe(403);
  });

  it('twice at once ends in one film', async () => {
    const a = await addFilm({ title: 'Rashomon', year: 1950 });
    const b = await addFilm({ title: 'Rashōmon', year: 1951 });
    await review(null, a.id, 9);
    await review(null, b.id, 7);
    const merge = (from: number, into: number) =>
      experienced.agent.inject({
        method: 'POST',
        url: `/api/films/${from}/merge`,
        payload: { intoId: into },
      });
    const answers = await Promise.all([merge(b.id, a.id), merge(a.id, b.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const rows = await db()
      .select({ id: films.id, mergedIntoId: films.mergedIntoId, reviewCount: films.reviewCount })
      .from(films)
      .where(sql`${films.id} in (${a.id}, ${b.id})`);
    const live = rows.filter((row) => row.mergedIntoId === null);
    expect(live).toHaveLength(1);
    expect(live[0]?.reviewCount).toBe(2);
  });

  it('lets an experienced moderator correct a film, renaming its reviews', async () => {
    const film = await addFilm({ title: 'Tokyo Storey', year: 1953 });
    const written = await review(null, film.id, 10);
    const res = await experienced.agent.inject({
      method: 'PATCH',
      url: `/api/films/${film.id}`,
      payload: { title: 'Tokyo Story', director: 'Yasujirō Ozu' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().film).toMatchObject({ title: 'Tokyo Story', director: 'Yasujirō Ozu' });
    const thread = await t.app.inject({ url: `/api/forum/posts/${written.id}` });
    expect(thread.json().post).toMatchObject({
      filmTitle: 'Tokyo Story',
      film: { id: film.id, url: `/films/${film.id}-tokyo-story` },
    });
    const refused = await member.agent.inject({
      method: 'PATCH',
      url: `/api/films/${film.id}`,
      payload: { title: 'Mine now' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('reviews naming a film by title alone (older clients)', () => {
  it('join the film of that title, or a new one', async () => {
    const film = await addFilm({ title: 'La Haine', year: 1995 });
    const joined = (
      await writeThread(critic, {
        categoryId: reviews,
        title: 'Still angry',
        body: 'Hate breeds hate.',
        filmTitle: 'la haine',
        rating: 9,
      })
    ).json<{ post: PostDetail }>().post;
    expect(joined.film?.id).toBe(film.id);
    const fresh = (
      await writeThread(await person(t), {
        categoryId: reviews,
        title: 'A film nobody added',
        body: 'Obscure.',
        filmTitle: 'An Unlisted Short',
        rating: 6,
      })
    ).json<{ post: PostDetail }>().post;
    expect(fresh.film?.id).toBeTypeOf('number');
    expect(fresh.film?.id).not.toBe(film.id);
    const unknown = await writeThread(await person(t), {
      categoryId: reviews,
      title: 'A film that is not there',
      body: 'Hm.',
      filmId: 99_999_999,
      rating: 5,
    });
    expect(unknown.statusCode).toBe(400);
  });
});
