import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, comments, posts, users } from '../../schema.js';
import type { Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { forumCounts, storedState } from '../../test/state.js';
import { pngImage } from '../../test/images.js';
import { person, postImage, writePost, writeReply, type Person } from '../../test/factories.js';

let t: TestApp;
let moderator: Person;
let experienced: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  moderator = await person(t, 'moderator');
  experienced = await person(t, 'experienced_moderator');
  admin = await person(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const mute = (agent: Agent, id: string, body: object) =>
  agent.inject({ method: 'POST', url: `/api/users/${id}/mute`, payload: body });
const unmute = (agent: Agent, id: string) =>
  agent.inject({ method: 'DELETE', url: `/api/users/${id}/mute` });

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}
const auditFor = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, id)))
    .orderBy(auditLog.id);

describe('muting a member', () => {
  it('silences them for the chosen time: they read, every write is refused with why and until when', async () => {
    const member = await person(t);
    const post = await writePost(t, member.agent);
    const reply = await writeReply(member.agent, post.id);
    const started = Date.now();
    const res = await mute(moderator.agent, member.user.id, {
      duration: '1d',
      reason: 'Cool down please',
    });
    expect(res.statusCode).toBe(200);
    const muted = res.json().user.mute;
    expect(muted.reason).toBe('Cool down please');
    const until = new Date(muted.until).getTime();
    expect(until - started).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(until - started).toBeLessThan(86_400_000 + 60_000);

    const session = await member.agent.inject({ url: '/api/auth/session' });
    expect(session.json().user.mute).toEqual(muted);
    expect((await member.agent.inject({ url: `/api/forum/posts/${post.id}` })).statusCode).toBe(
      200,
    );

    const tables = { posts, comments };
    const before = await forumCounts(t, tables);
    const writes = [
      {
        method: 'POST',
        url: '/api/forum/posts',
        payload: { title: 'Let me speak', body: 'Words', categoryId: post.category.id },
      },
      { method: 'PATCH', url: `/api/forum/posts/${post.id}`, payload: { title: 'Changed title' } },
      { method: 'POST', url: `/api/forum/posts/${post.id}/comments`, payload: { body: 'Hi' } },
      { method: 'PATCH', url: `/api/forum/comments/${reply.id}`, payload: { body: 'Edited' } },
    ] as const;
    for (const write of writes) {
      const refused = await member.agent.inject(write);
      expect(refused.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'permission-denied',
        details: { muted },
      });
    }
    expect(await forumCounts(t, tables)).toEqual(before);
    const [unchanged] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(unchanged?.title).toBe(post.title);

    const lifted = await unmute(moderator.agent, member.user.id);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().user.mute).toBeNull();
    expect((await member.agent.inject(writes[2])).statusCode).toBe(201);
    expect((await member.agent.inject(writes[1])).statusCode).toBe(200);

    const entries = await auditFor(member.user.id);
    expect(entries.map((entry) => entry.action)).toEqual(['user.mute', 'user.unmute']);
    expect(entries[0]).toMatchObject({
      actorId: moderator.user.id,
      reason: 'Cool down please',
      before: { mute: null },
      after: { mute: muted, duration: '1d' },
    });
    expect(entries[1]).toMatchObject({ before: { mute: muted }, after: { mute: null } });
  });

  it('silences everything public: uploads, display name, profile and avatar; reading, liking and reporting stay', async () => {
    const member = await person(t);
    const other = await person(t);
    const post = await writePost(t, other.agent);
    const avatar = (await postImage(member.agent, await pngImage(), 'avatar')).json().upload;
    const muted = (
      await mute(moderator.agent, member.user.id, { duration: '1h', reason: 'Take a break' })
    ).json().user.mute;
    const before = { user: await userRow(member.user.id), uploads: await storedState(t) };

    const refusals = [
      postImage(member.agent, await pngImage()),
      member.agent.inject({
        method: 'PATCH',
        url: '/api/account',
        payload: { name: 'Loud' },
      }),
      ...[
        { bio: 'Buy my films' },
        { location: 'Everywhere' },
        { favouriteFilms: ['Spam: the movie'] },
        { avatarUrl: avatar.url },
      ].map((payload) =>
        member.agent.inject({ method: 'PATCH', url: '/api/account/profile', payload }),
      ),
    ];
    for (const refused of await Promise.all(refusals)) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'permission-denied', details: { muted } });
    }
    expect(await userRow(member.user.id)).toEqual(before.user);
    expect(await storedState(t)).toEqual(before.uploads);

    // Taking things down is not publishing.
    const cleared = await member.agent.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      payload: { bio: '', avatarUrl: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await member.agent.inject({ url: `/api/forum/posts/${post.id}` })).statusCode).toBe(
      200,
    );
    const liked = await member.agent.inject({
      method: 'PUT',
      url: `/api/forum/posts/${post.id}/reaction`,
    });
    expect(liked.statusCode).toBe(200);
    const reported = await member.agent.inject({
      method: 'POST',
      url: `/api/forum/posts/${post.id}/report`,
      payload: { category: 'spam', reason: 'Selling things' },
    });
    expect(reported.statusCode).toBe(201);
  });

  it('ends by itself when its time has passed', async () => {
    const member = await person(t);
    await mute(moderator.agent, member.user.id, { duration: '1h', reason: 'Short break' });
    await db()
      .update(users)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, member.user.id));
    const session = await member.agent.inject({ url: '/api/auth/session' });
    expect(session.json().user.mute).toBeNull();
    await writePost(t, member.agent);
  });

  it('refuses a moderator muting an admin or another moderator, and anyone muting themselves', async () => {
    const peer = await person(t, 'moderator');
    const refusals: [Person, string, string][] = [
      [moderator, admin.user.id, 'You cannot mute an account of equal or higher rank'],
      [moderator, peer.user.id, 'You cannot mute an account of equal or higher rank'],
      [experienced, admin.user.id, 'You cannot mute an account of equal or higher rank'],
      [moderator, moderator.user.id, 'You cannot mute your own account'],
      [admin, admin.user.id, 'You cannot mute your own account'],
    ];
    for (const [actor, target, message] of refusals) {
      const res = await mute(actor.agent, target, { duration: '1h', reason: 'Testing ranks' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'permission-denied', message });
      expect((await userRow(target)).mutedUntil).toBeNull();
      expect(await auditFor(target)).toEqual([]);
    }
    const allowed = await mute(experienced.agent, peer.user.id, {
      duration: '1w',
      reason: 'Moderators are muted by higher ranks',
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses a duration not offered, a missing reason, a missing member, and lifting no mute', async () => {
    const member = await person(t);
    for (const body of [
      { duration: '2w', reason: 'Too long a mute' },
      { duration: '1d' },
      { duration: '1d', reason: 'no' },
      { duration: '1d', reason: 'Fine reason', extra: true },
    ]) {
      const res = await mute(moderator.agent, member.user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    const missing = await mute(moderator.agent, 'no-such-user', {
      duration: '1h',
      reason: 'Nobody home',
    });
    expect(missing.statusCode).toBe(404);
    const notMuted = await unmute(moderator.agent, member.user.id);
    expect(notMuted.statusCode).toBe(412);
    expect(notMuted.json().error.message).toBe('This member is not muted');
    expect((await userRow(member.user.id)).mutedUntil).toBeNull();
    expect(await auditFor(member.user.id)).toEqual([]);
  });

  it('is closed to plain users', async () => {
    const member = await person(t);
    const other = await person(t);
    const res = await mute(member.agent, other.user.id, {
      duration: '1h',
      reason: 'I dislike you',
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(other.user.id)).mutedUntil).toBeNull();
  });
});
