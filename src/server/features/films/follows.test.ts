import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilmResponse, FilmSummary } from '../../../shared/films.js';
import type { Notification, NotificationList } from '../../../shared/notifications.js';
import { describeNotification } from '../../../shared/notifications.js';
import { enqueue } from '../../core/jobs.js';
import { notifyJobKind } from '../../core/notify.js';
import { queryRows } from '../../platform/db/database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  categoryId,
  moderate,
  person,
  settleJobs,
  writePost,
  type Person,
} from '../../test/factories.js';

/** Members follow a film, and hear of its new reviews; a merge carries the follows. */
let t: TestApp;
let fan: Person;
let critic: Person;
let experienced: Person;
let reviews: number;
const db = () => t.platforms.database.db;

beforeAll(async () => {
  t = await createTestApp({
    serveWeb: false,
    env: { FORUM_LIST_CACHE_MS: '0', SESSION_CACHE_MS: '0' },
  });
  [fan, critic, experienced] = await Promise.all([
    person(t),
    person(t),
    person(t, 'experienced_moderator'),
  ]);
  reviews = await categoryId(t, 'reviews');
});
afterAll(() => t.close());

async function addFilm(title: string, year: number): Promise<FilmSummary> {
  const who = await person(t);
  const res = await who.agent.inject({
    method: 'POST',
    url: '/api/films',
    payload: { title, year },
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<{ film: FilmSummary }>().film;
}

const follow = (who: Person, filmId: number, method: 'PUT' | 'DELETE' = 'PUT') =>
  who.agent.inject({ method, url: `/api/films/${filmId}/follow` });

async function filmPage(who: Person | null, filmId: number): Promise<FilmResponse> {
  const res = await (who ? who.agent : t.app).inject({ url: `/api/films/${filmId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FilmResponse>();
}

/** A review by `who` (starting threads is limited per member: each test's authors are new). */
const review = (who: Person, filmId: number, title = 'A slow dream of a film') =>
  writePost(t, who.agent, {
    categoryId: reviews,
    title,
    body: 'The Zone asks **everything** of its visitors.',
    filmId,
    rating: 9,
  });

async function filmReviewsOf(who: Person): Promise<Notification[]> {
  await settleJobs(t);
  const res = await who.agent.inject({ url: '/api/notifications' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>().items.filter((n) => n.type === 'film_review');
}

const clock = { end: (iso: string) => iso, now: Date.now() };

describe('following a film', () => {
  it('follows and stops, and the page says so to the member and offers nothing to a visitor', async () => {
    const film = await addFilm('Solaris', 1972);
    expect((await filmPage(fan, film.id)).film.viewer).toMatchObject({
      canFollow: true,
      following: false,
    });

    const followed = await follow(fan, film.id);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ following: true });
    // Again: still following, once.
    expect((await follow(fan, film.id)).json()).toEqual({ following: true });
    expect((await filmPage(fan, film.id)).film.viewer.following).toBe(true);
    expect((await filmPage(critic, film.id)).film.viewer.following).toBe(false);
    expect((await filmPage(null, film.id)).film.viewer).toMatchObject({
      canFollow: false,
      following: false,
    });

    const stopped = await follow(fan, film.id, 'DELETE');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ following: false });
    expect((await filmPage(fan, film.id)).film.viewer.following).toBe(false);
  });

  it('answers 404 for a film that is not there, and asks a visitor to sign in', async () => {
    expect((await follow(fan, 987_654_321)).statusCode).toBe(404);
    expect((await follow(fan, 987_654_321, 'DELETE')).statusCode).toBe(404);
    const film = await addFilm('Mirror', 1975);
    const visitor = await t.app.inject({ method: 'PUT', url: `/api/films/${film.id}/follow` });
    expect(visitor.statusCode).toBe(401);
  });

  it("costs a member's page one query more, and a visitor's page nothing", async () => {
    const film = await addFilm('Nostalghia', 1983);
    const queriesOf = async (who: Person | null) => {
      const before = t.queries.length;
      await filmPage(who, film.id);
      return t.queries.slice(before);
    };
    const visitor = await queriesOf(null);
    expect(visitor.some((query) => query.includes('film_follows'))).toBe(false);
    expect(visitor.filter((query) => !/"jobs"|thread_views/.test(query)).length).toBeLessThan(3);
    const member = await queriesOf(fan);
    expect(member.filter((query) => query.includes('film_follows'))).toHaveLength(1);
  });
});

describe("a film's new review", () => {
  it('tells each follower once, never its author, with the film and the review in the sentence', async () => {
    const film = await addFilm('Stalker', 1979);
    const other = await person(t);
    await follow(fan, film.id);
    await follow(other, film.id);
    await follow(critic, film.id);

    const thread = await review(critic, film.id);
    const [told, ...more] = await filmReviewsOf(fan);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      type: 'film_review',
      actor: { username: critic.user.username },
      title: 'A slow dream of a film',
      action: 'Stalker (1979)',
      subject: 'thread',
      url: `/forum/post/${thread.id}`,
    });
    expect(told?.excerpt).toContain('The Zone asks everything');
    expect(describeNotification(told as Notification, clock)).toBe(
      `${critic.user.name} reviewed Stalker (1979): “A slow dream of a film”`,
    );
    expect(await filmReviewsOf(other)).toHaveLength(1);
    expect(await filmReviewsOf(critic)).toEqual([]);

    // The job that runs again tells nobody twice.
    await enqueue(db(), {
      kind: notifyJobKind,
      payload: { kind: 'film-review', postId: thread.id, filmId: film.id },
    });
    expect(await filmReviewsOf(fan)).toHaveLength(1);
  });

  it('tells nobody who switched the kind off, or stopped following, or watches Reviews already', async () => {
    const film = await addFilm('Andrei Rublev', 1966);
    const [off, gone, watcher] = await Promise.all([person(t), person(t), person(t)]);
    for (const who of [off, gone, watcher]) await follow(who, film.id);
    await off.agent.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      payload: { film_review: 'off' },
    });
    await follow(gone, film.id, 'DELETE');
    await watcher.agent.inject({
      method: 'PUT',
      url: `/api/forum/categories/${reviews}/watch`,
      payload: { level: 'watching' },
    });

    const author = await person(t);
    await review(author, film.id, 'Bells and icons');
    expect(await filmReviewsOf(off)).toEqual([]);
    expect(await filmReviewsOf(gone)).toEqual([]);
    // The category's watcher hears of the new thread once, as a watcher.
    await settleJobs(t);
    const all = await watcher.agent.inject({ url: '/api/notifications' });
    const items = all.json<NotificationList>().items;
    expect(items.map((n) => [n.type, n.action])).toEqual([['reply', 'started']]);
  });

  it('stops showing a review hidden after it was told, and a review hidden first tells nobody', async () => {
    const moderator = await person(t, 'moderator');
    const film = await addFilm('The Sacrifice', 1986);
    const [early, late] = await Promise.all([person(t), person(t)]);
    await follow(late, film.id);

    const shown = await review(await person(t), film.id, 'Told, then hidden');
    expect(await filmReviewsOf(late)).toHaveLength(1);
    const hid = await moderate(
      moderator.agent,
      { postId: shown.id },
      {
        action: 'hide',
        reason: 'Spoilers',
      },
    );
    expect(hid.statusCode, hid.body).toBe(200);
    expect(await filmReviewsOf(late)).toEqual([]);

    // The event of a review hidden before its job runs tells its followers nothing.
    await follow(early, film.id);
    const quiet = await review(await person(t), film.id, 'Hidden first');
    await settleJobs(t);
    await moderate(moderator.agent, { postId: quiet.id }, { action: 'hide', reason: 'Spoilers' });
    await queryRows(db(), sql`delete from notifications where post_id = ${quiet.id}`);
    await enqueue(db(), {
      kind: notifyJobKind,
      payload: { kind: 'film-review', postId: quiet.id, filmId: film.id },
    });
    await settleJobs(t);
    const stored = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications
        where post_id = ${quiet.id} and type = 'film_review'`,
    );
    expect(stored[0]?.n).toBe(0);
  });
});

describe('merging films', () => {
  it('carries the follows to the survivor, once for a member who followed both', async () => {
    const survivor = await addFilm('Ivan’s Childhood', 1962);
    const duplicate = await addFilm('Ivan’s Childhood', 1963);
    const [both, onlyDuplicate, late] = await Promise.all([person(t), person(t), person(t)]);
    await follow(both, survivor.id);
    await follow(both, duplicate.id);
    await follow(onlyDuplicate, duplicate.id);

    const merged = await experienced.agent.inject({
      method: 'POST',
      url: `/api/films/${duplicate.id}/merge`,
      payload: { intoId: survivor.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const follows = await queryRows<{ film_id: number | string; user_id: string }>(
      db(),
      sql`select film_id, user_id from film_follows
        where film_id in (${survivor.id}, ${duplicate.id}) order by user_id`,
    );
    expect(follows.map((row) => [Number(row.film_id), row.user_id])).toEqual(
      [both, onlyDuplicate]
        .map((who) => [survivor.id, who.user.id] as const)
        .sort((a, b) => (a[1] < b[1] ? -1 : 1)),
    );
    expect((await filmPage(onlyDuplicate, survivor.id)).film.viewer.following).toBe(true);

    // Following the film merged away follows the film it became.
    expect((await follow(late, duplicate.id)).json()).toEqual({ following: true });
    expect((await filmPage(late, survivor.id)).film.viewer.following).toBe(true);

    await review(await person(t), survivor.id, 'Childhood, at war');
    expect(await filmReviewsOf(onlyDuplicate)).toHaveLength(1);
    expect(await filmReviewsOf(both)).toHaveLength(1);
  });
});
