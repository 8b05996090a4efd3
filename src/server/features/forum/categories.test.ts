import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../../shared/forum.js';
import { categories } from '../../schema.js';
import { createAgent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { slugify } from './categories/service.js';
import { forumCounts } from '../../test/state.js';
import { person, type Person } from '../../test/factories.js';

let t: TestApp;
let admin: Person;
let moderator: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = await person(t, 'admin');
  moderator = await person(t, 'experienced_moderator');
});
afterAll(() => t.close());

async function listed(): Promise<Category[]> {
  const res = await createAgent(t.app).inject({ url: '/api/forum/categories' });
  expect(res.statusCode).toBe(200);
  return res.json<{ categories: Category[] }>().categories;
}

const add = (agent: Person['agent'], payload: object) =>
  agent.inject({ method: 'POST', url: '/api/forum/categories', payload });

describe('categories', () => {
  it('lists the four seeded categories in order to everyone', async () => {
    const all = await listed();
    expect(all.slice(0, 4).map((category) => category.slug)).toEqual([
      'reviews',
      'discussions',
      'recommendations',
      'off-topic',
    ]);
    expect(all[0]).toMatchObject({ name: 'Reviews', archived: false, position: 1 });
  });

  it('lets an admin add a category at the end with a slug made from its name', async () => {
    const res = await add(admin.agent, { name: 'Sci-Fi & Fantasy', description: 'Other worlds' });
    expect(res.statusCode).toBe(201);
    const { category } = res.json<{ category: Category }>();
    expect(category).toMatchObject({
      slug: 'sci-fi-fantasy',
      name: 'Sci-Fi & Fantasy',
      archived: false,
    });
    expect((await listed()).at(-1)?.id).toBe(category.id);

    const similar = await add(admin.agent, { name: 'Sci fi fantasy!' });
    expect(similar.json().category.slug).toBe('sci-fi-fantasy-2');
  });

  it('refuses a second category of the same name, and anyone but admins', async () => {
    await add(admin.agent, { name: 'Documentaries' });
    const before = await forumCounts(t, { categories });
    const same = await add(admin.agent, { name: 'documentaries' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('A category named Documentaries already exists');
    const byModerator = await add(moderator.agent, { name: 'Moderated' });
    expect(byModerator.statusCode).toBe(403);
    const byNobody = await add(createAgent(t.app), { name: 'Anonymous' });
    expect(byNobody.statusCode).toBe(401);
    const tooShort = await add(admin.agent, { name: 'x' });
    expect(tooShort.statusCode).toBe(400);
    expect(await forumCounts(t, { categories })).toEqual(before);
  });

  it('renames, describes, archives and unarchives a category, keeping its slug', async () => {
    const { category } = (await add(admin.agent, { name: 'Shorts' })).json<{
      category: Category;
    }>();
    const patch = (payload: object) =>
      admin.agent.inject({ method: 'PATCH', url: `/api/forum/categories/${category.id}`, payload });
    const renamed = (await patch({ name: 'Short films', description: 'Under 40 minutes' })).json();
    expect(renamed.category).toMatchObject({
      slug: 'shorts',
      name: 'Short films',
      description: 'Under 40 minutes',
    });
    expect((await patch({ archived: true })).json().category.archived).toBe(true);
    expect((await listed()).find((row) => row.id === category.id)?.archived).toBe(true);
    expect((await patch({ archived: false })).json().category.archived).toBe(false);
    const clash = await patch({ name: 'Reviews' });
    expect(clash.statusCode).toBe(409);
    const missing = await admin.agent.inject({
      method: 'PATCH',
      url: '/api/forum/categories/99999',
      payload: { name: 'Nothing' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the news category archived, changing nothing', async () => {
    const news = (await listed()).find((row) => row.slug === 'news');
    expect(news?.archived).toBe(true);
    const res = await admin.agent.inject({
      method: 'PATCH',
      url: `/api/forum/categories/${news?.id ?? 0}`,
      payload: { archived: false },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json().error).toMatchObject({
      code: 'failed-precondition',
      message: 'The News category holds comments on news articles and stays archived',
    });
    expect((await listed()).find((row) => row.slug === 'news')).toEqual(news);
  });

  it('reorders categories when given every id exactly once', async () => {
    const ids = (await listed()).map((category) => category.id);
    const reversed = [...ids].reverse();
    const res = await admin.agent.inject({
      method: 'PUT',
      url: '/api/forum/categories/order',
      payload: { ids: reversed },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json<{ categories: Category[] }>().categories.map((category) => category.id),
    ).toEqual(reversed);
    expect((await listed()).map((category) => category.position)).toEqual(
      ids.map((_, index) => index + 1),
    );

    for (const bad of [
      reversed.slice(1),
      [...reversed, reversed[0]],
      [...reversed.slice(1), 99999],
    ]) {
      const refused = await admin.agent.inject({
        method: 'PUT',
        url: '/api/forum/categories/order',
        payload: { ids: bad },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('List every category exactly once to reorder them');
    }
    expect((await listed()).map((category) => category.id)).toEqual(reversed);
  });
});

describe('slugify', () => {
  it('makes readable, safe slugs', () => {
    expect(slugify('Ciné-club Éclairé')).toBe('cine-club-eclaire');
    expect(slugify('  ***  ')).toBe('category');
    expect(slugify('A'.repeat(80))).toHaveLength(50);
  });
});
