import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../schema.js';
import { signIn } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { rememberSessions } from './sessions/lookup.js';
import { buildAccount, writePost, writeReply } from '../../test/factories.js';

describe('remembered session checks', () => {
  it('shares one read between concurrent checks and reads again once the moment has passed', async () => {
    vi.useFakeTimers();
    try {
      const read = vi.fn((token: string) => Promise.resolve({ token }));
      const lookup = rememberSessions(read, 1000);
      const [a, b] = await Promise.all([lookup('t1'), lookup('t1')]);
      expect(a).toBe(b);
      expect(read).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(999);
      await lookup('t1');
      expect(read).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(2);
      await lookup('t1');
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets one session or all of them, and never keeps a failed read', async () => {
    let fail = true;
    const read = vi.fn((token: string) =>
      fail ? Promise.reject(new Error('database away')) : Promise.resolve(token),
    );
    const lookup = rememberSessions(read, 60_000);
    await expect(lookup('t1')).rejects.toThrow('database away');
    fail = false;
    expect(await lookup('t1')).toBe('t1');
    await lookup('t2');
    expect(read).toHaveBeenCalledTimes(3);
    lookup.forget('t1');
    await Promise.all([lookup('t1'), lookup('t2')]);
    expect(read).toHaveBeenCalledTimes(4);
    lookup.forget();
    await Promise.all([lookup('t1'), lookup('t2')]);
    expect(read).toHaveBeenCalledTimes(6);
  });

  it('reads every time when the cache is off', async () => {
    const read = vi.fn((token: string) => Promise.resolve(token));
    const lookup = rememberSessions(read, 0);
    await lookup('t1');
    await lookup('t1');
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('the session cache in the server', () => {
  let t: TestApp;
  // A long moment, so only a write (never the clock) can explain a change being seen.
  beforeAll(async () => {
    t = await createTestApp({ serveWeb: false, env: { SESSION_CACHE_MS: '60000' } });
  });
  afterAll(() => t.close());
  const db = () => t.platforms.database.db;

  it('serves a reader from memory, and sees a block at once because the block is a write', async () => {
    const reader = await buildAccount(db(), { name: 'Rita Reader' });
    const admin = await buildAccount(db(), { role: 'admin' });
    const readerAgent = await signIn(t.app, reader);
    const adminAgent = await signIn(t.app, admin);
    const name = async () =>
      (await readerAgent.inject({ url: '/api/auth/session' })).json<{ user: { name: string } }>()
        .user.name;
    expect(await name()).toBe('Rita Reader');

    // A change made behind the server's back is not seen within the moment…
    await db().update(users).set({ name: 'Renamed Quietly' }).where(eq(users.id, reader.id));
    expect(await name()).toBe('Rita Reader');
    // A POST that changes nothing (the editor's preview) keeps what is remembered…
    const preview = await readerAgent.inject({
      method: 'POST',
      url: '/api/forum/preview',
      payload: { body: '*hello*' },
    });
    expect(preview.statusCode).toBe(200);
    expect(await name()).toBe('Rita Reader');

    // …but any write through the server forgets every remembered session.
    const blocked = await adminAgent.inject({
      method: 'POST',
      url: `/api/users/${reader.id}/block`,
      payload: { reason: 'Spam links' },
    });
    expect(blocked.statusCode).toBe(200);
    const refused = await readerAgent.inject({ url: '/api/forum/posts' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details.blocked.reason).toBe('Spam links');
  });

  it('keeps remembered sessions through writes that change content, never an account', async () => {
    const reader = await buildAccount(db(), { name: 'Cora Content' });
    const agent = await signIn(t.app, reader);
    const name = async () =>
      (await agent.inject({ url: '/api/auth/session' })).json<{ user: { name: string } }>().user
        .name;
    expect(await name()).toBe('Cora Content');
    await db().update(users).set({ name: 'Renamed Quietly' }).where(eq(users.id, reader.id));
    const read = await agent.inject({ method: 'POST', url: '/api/notifications/read-all' });
    expect(read.statusCode).toBeLessThan(300);
    expect(await name()).toBe('Cora Content');
    // A change to the account itself is seen at once.
    const renamed = await agent.inject({
      method: 'PATCH',
      url: '/api/account',
      payload: { name: 'Cora Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await name()).toBe('Cora Renamed');
  });

  it('keeps remembered sessions through a like of a reply, and sees a mute at once', async () => {
    const member = await buildAccount(db(), { name: 'Mina Member' });
    const admin = await buildAccount(db(), { role: 'admin' });
    const agent = await signIn(t.app, member);
    const adminAgent = await signIn(t.app, admin);
    const user = async () =>
      (await agent.inject({ url: '/api/auth/session' })).json<{
        user: { name: string; mute: unknown };
      }>().user;
    expect(await user()).toMatchObject({ name: 'Mina Member', mute: null });
    const thread = await writePost(t, adminAgent);
    const reply = await writeReply(adminAgent, thread.id);
    await db().update(users).set({ name: 'Renamed Quietly' }).where(eq(users.id, member.id));

    const liked = await agent.inject({
      method: 'PUT',
      url: `/api/forum/comments/${reply.id}/reaction`,
    });
    expect(liked.statusCode, liked.body).toBe(200);
    expect((await user()).name).toBe('Mina Member');

    const muted = await adminAgent.inject({
      method: 'POST',
      url: `/api/users/${member.id}/mute`,
      payload: { duration: '1h', reason: 'Cool down' },
    });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(await user()).toMatchObject({ name: 'Renamed Quietly', mute: { reason: 'Cool down' } });
  });

  it('ends a session at sign-out for the next request', async () => {
    const member = await buildAccount(db());
    const agent = await signIn(t.app, member);
    expect((await agent.inject({ url: '/api/auth/session' })).json().user.id).toBe(member.id);
    const stolenCookies = new Map(agent.cookies);
    expect((await agent.inject({ method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(
      204,
    );
    agent.cookies.clear();
    for (const [name, value] of stolenCookies) agent.cookies.set(name, value);
    expect((await agent.inject({ url: '/api/auth/session' })).json().user).toBeNull();
  });
});
