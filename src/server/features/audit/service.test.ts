import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/audit-log.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { categoryId, insertPost, moderate, person, type Person } from '../../test/factories.js';

let t: TestApp;
let admin: Person;
let moderator: Person;
let other: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = await person(t, 'admin');
  moderator = await person(t, 'moderator');
  other = await person(t, 'moderator');
  const author = await person(t);
  const thread = { authorId: author.user.id, categoryId: await categoryId(t, 'discussions') };
  // Three actions on one thread by one moderator, then one on another by another.
  const postId = await insertPost(t, thread);
  for (const action of ['lock', 'pin', 'unpin']) {
    expect((await moderate(moderator.agent, { postId }, { action })).statusCode).toBe(200);
  }
  const next = await insertPost(t, thread);
  expect((await moderate(other.agent, { postId: next }, { action: 'lock' })).statusCode).toBe(200);
});
afterAll(() => t.close());

async function audit(query: string) {
  const res = await admin.agent.inject({ url: `/api/audit?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[]; nextCursor: string | null }>();
}

describe('the audit log', () => {
  it('filters by actor, named by username in any case or by id', async () => {
    const username = moderator.user.username ?? '';
    const byName = await audit(`actor=${username.toUpperCase()}`);
    expect(byName.entries.map((entry) => entry.action)).toEqual([
      'post.unpin',
      'post.pin',
      'post.lock',
    ]);
    expect(byName.entries.every((entry) => entry.actor?.id === moderator.user.id)).toBe(true);
    expect((await audit(`actor=${moderator.user.id}`)).entries).toEqual(byName.entries);
    expect(await audit('actor=nobody-by-that-name')).toEqual({ entries: [], nextCursor: null });
  });

  it('pages newest first with a cursor, the filters kept', async () => {
    const first = await audit(`actor=${moderator.user.id}&limit=2`);
    expect(first.entries.map((entry) => entry.action)).toEqual(['post.unpin', 'post.pin']);
    const second = await audit(
      `actor=${moderator.user.id}&limit=2&cursor=${first.nextCursor ?? ''}`,
    );
    expect(second.entries.map((entry) => entry.action)).toEqual(['post.lock']);
    expect(second.nextCursor).toBeNull();
    const locks = await audit('action=post.lock&targetType=post');
    expect(locks.entries.map((entry) => entry.actor?.id).slice(0, 2)).toEqual([
      other.user.id,
      moderator.user.id,
    ]);
  });
});
