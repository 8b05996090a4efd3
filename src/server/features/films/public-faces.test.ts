import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../shared/errors.js';
import type { FilmResponse, FilmSummary } from '../../../shared/films.js';
import { socialImagePath } from '../../../shared/social-image.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { categoryId, moderate, person, writePost, type Person } from '../../test/factories.js';

/*
 * What films show outside the app: a film page's address answered 301 to its own, its preview
 * image, its place in the sitemaps and the Atom feed of its reviews.
 */

/** jsdom (the web tests' DOM) ships no types; only its XML parser is used here. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (
    markup: string,
    options: { contentType: string },
  ) => { window: { document: Document } };
};

let t: TestApp;
let admin: Person;
let reviews: number;
const origin = 'http://viewpoint.test';

function placeholderFilm(): FilmSummary {
  return {
    id: 0,
    title: '',
    year: null,
    originalTitle: null,
    director: null,
    poster: null,
    reviewCount: 0,
    average: null,
    url: '',
    lastReviewedAt: null,
  };
}
/** What beforeAll made; the films are filled in there, before any test reads them. */
const made: {
  solaris: FilmSummary;
  unreviewed: FilmSummary;
  duplicate: FilmSummary;
  visible: number[];
  hidden: number;
  deleted: number;
} = {
  solaris: placeholderFilm(),
  unreviewed: placeholderFilm(),
  duplicate: placeholderFilm(),
  visible: [],
  hidden: 0,
  deleted: 0,
};

async function addFilm(payload: object): Promise<FilmSummary> {
  const who = await person(t);
  const res = await who.agent.inject({ method: 'POST', url: '/api/films', payload });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<{ film: FilmSummary }>().film;
}

const review = async (filmId: number, rating: number, title: string, who?: Person) =>
  writePost(t, (who ?? (await person(t))).agent, {
    categoryId: reviews,
    title,
    body: `A review rated **${rating}** & "quoted".`,
    filmId,
    rating,
  });

const filmOf = async (id: number) =>
  (await t.app.inject({ url: `/api/films/${id}` })).json<FilmResponse>().film;

beforeAll(async () => {
  t = await createTestApp({ env: { FORUM_LIST_CACHE_MS: '0' } });
  admin = await person(t, 'admin');
  reviews = await categoryId(t, 'reviews');

  made.solaris = await addFilm({ title: 'Solaris', year: 1972, director: 'Andrei Tarkovsky' });
  made.unreviewed = await addFilm({ title: 'Stalker', year: 1979 });
  made.duplicate = await addFilm({ title: 'Solyaris', year: 1972 });
  for (const [rating, title] of [
    [9, 'The ocean remembers'],
    [7, 'Slow & <strong>worth it</strong>'],
  ] as const) {
    // Starting threads is limited per member: each review by a critic of its own.
    const critic = await person(t, 'user', { name: 'Chris Critic' });
    made.visible.push((await review(made.solaris.id, rating, title, critic)).id);
  }
  made.hidden = (await review(made.solaris.id, 2, 'A hidden review')).id;
  await moderate(admin.agent, { postId: made.hidden }, { action: 'hide', reason: 'Spam' });
  const regretful = await person(t);
  made.deleted = (await review(made.solaris.id, 3, 'A deleted review', regretful)).id;
  const gone = await regretful.agent.inject({
    method: 'DELETE',
    url: `/api/forum/posts/${made.deleted}`,
  });
  expect(gone.statusCode, gone.body).toBeLessThan(300);

  await review(made.duplicate.id, 8, 'A review of the duplicate');
  const experienced = await person(t, 'experienced_moderator');
  const merged = await experienced.agent.inject({
    method: 'POST',
    url: `/api/films/${made.duplicate.id}/merge`,
    payload: { intoId: made.solaris.id },
  });
  expect(merged.statusCode, merged.body).toBe(200);
  made.solaris = await filmOf(made.solaris.id);
});
afterAll(() => t.close());

function expectNotFound(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(res.statusCode).toBe(404);
  expect(errorEnvelopeSchema.parse(res.json()).error.code).toBe('not-found');
}

describe("a film page's address", () => {
  it('is answered as it is when it is the film’s own', async () => {
    const res = await t.app.inject({ url: `${made.solaris.url}?sort=highest` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('moves permanently to the film’s own address, query string kept, when its words are wrong or missing', async () => {
    for (const asked of [
      `/films/${made.solaris.id}`,
      `/films/${made.solaris.id}-solaris-1972`,
      `/films/${made.solaris.id}-Solaris`,
    ]) {
      const res = await t.app.inject({ url: `${asked}?sort=highest&page=2` });
      expect(res.statusCode, asked).toBe(301);
      expect(res.headers.location).toBe(`${made.solaris.url}?sort=highest&page=2`);
    }
  });

  it('of a film merged away moves to the film it became', async () => {
    const res = await t.app.inject({ url: made.duplicate.url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(made.solaris.url);
  });

  it('of a film that does not exist is not moved: it stays the site’s missing page', async () => {
    for (const asked of ['/films/999999-nothing', '/films/solaris']) {
      const res = await t.app.inject({ url: asked });
      expect(res.statusCode, asked).not.toBe(301);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe("a film's preview image", () => {
  it('is a 1200×630 PNG served as image/png at the film page’s /og address', async () => {
    for (const film of [made.solaris, made.unreviewed]) {
      const res = await t.app.inject({ url: socialImagePath(film.url) });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    }
  });

  it('changes with the film’s figures, and is not found for a film that does not exist', async () => {
    const before = await t.app.inject({ url: socialImagePath(made.unreviewed.url) });
    await review(made.unreviewed.id, 6, 'Finally someone reviews it');
    const after = await t.app.inject({ url: socialImagePath(made.unreviewed.url) });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expectNotFound(await t.app.inject({ url: socialImagePath('/films/999999-nothing') }));
  });
});

/** The text of each `tag` element in an XML document. */
const texts = (doc: Document, tag: string) =>
  [...doc.getElementsByTagName(tag)].map((element) => element.textContent ?? '');
const parse = (xml: string) => new JSDOM(xml, { contentType: 'application/xml' }).window.document;

describe('films in the sitemaps', () => {
  it('lists each live film with a visible review, dated by its latest', async () => {
    const index = parse((await t.app.inject({ url: '/sitemap.xml' })).body);
    const page = texts(index, 'loc').find((loc) => loc.endsWith('/sitemaps/films-1.xml'));
    expect(page).toBe(`${origin}/sitemaps/films-1.xml`);
    const res = await t.app.inject({ url: '/sitemaps/films-1.xml' });
    expect(res.statusCode).toBe(200);
    const doc = parse(res.body);
    const urls = [...doc.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent,
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
    }));
    expect(urls).toContainEqual({
      loc: `${origin}${made.solaris.url}`,
      lastmod: new Date(made.solaris.lastReviewedAt ?? 0).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
    expect(urls.map((url) => url.loc)).not.toContain(`${origin}${made.duplicate.url}`);
  });
});

describe("a film's review feed", () => {
  it('is an Atom feed of its visible reviews only, newest first, each with its rating', async () => {
    const res = await t.app.inject({ url: `/feeds/films/${made.solaris.id}.xml` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const doc = parse(res.body);
    expect(doc.documentElement.localName).toBe('feed');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(texts(doc, 'title')[0]).toContain('Reviews of Solaris (1972)');
    const entries = [...doc.getElementsByTagName('entry')].map((entry) => ({
      id: entry.getElementsByTagName('id')[0]?.textContent,
      title: entry.getElementsByTagName('title')[0]?.textContent,
      author: entry.getElementsByTagName('name')[0]?.textContent,
      summary: entry.getElementsByTagName('summary')[0]?.textContent,
    }));
    // The merged film's review moved here; hidden and deleted ones are left out.
    const ids = entries.map((entry) => entry.id);
    expect(ids).not.toContain(`${origin}/forum/post/${made.hidden}`);
    expect(ids).not.toContain(`${origin}/forum/post/${made.deleted}`);
    expect(entries).toHaveLength(3);
    expect(entries.slice(1)).toEqual([
      {
        id: `${origin}/forum/post/${made.visible[1]}`,
        title: 'Slow & <strong>worth it</strong>',
        author: 'Chris Critic',
        summary: 'Rated 7/10 · Solaris (1972)',
      },
      {
        id: `${origin}/forum/post/${made.visible[0]}`,
        title: 'The ocean remembers',
        author: 'Chris Critic',
        summary: 'Rated 9/10 · Solaris (1972)',
      },
    ]);
  });

  it('of a film merged away moves to the survivor’s; an unknown film has none', async () => {
    const moved = await t.app.inject({ url: `/feeds/films/${made.duplicate.id}.xml` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/feeds/films/${made.solaris.id}.xml`);
    expectNotFound(await t.app.inject({ url: '/feeds/films/999999.xml' }));
    expectNotFound(await t.app.inject({ url: '/feeds/films/solaris.xml' }));
  });
});
