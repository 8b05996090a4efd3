import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles.js';
import { users } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type UserRow, buildAccount } from '../../test/factories.js';
import { createAgent, signIn, type Agent, testPassword } from '../../test/auth-helpers.js';

let t: TestApp;
type Persona = 'user' | 'moderator' | 'experienced_moderator' | 'admin' | 'admin2';
const agents = new Map<Persona, Agent>();
const people = new Map<Persona, UserRow>();

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  const personas: [Persona, Role][] = [
    ['user', 'user'],
    ['moderator', 'moderator'],
    ['experienced_moderator', 'experienced_moderator'],
    ['admin', 'admin'],
    ['admin2', 'admin'],
  ];
  for (const [persona, role] of personas) {
    const person = await buildAccount(t.platforms.database.db, { role });
    people.set(persona, person);
    agents.set(persona, await signIn(t.app, person));
  }
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;
const as = (persona: Persona) => {
  const agent = agents.get(persona);
  if (!agent) throw new Error(`no agent ${persona}`);
  return agent;
};
const idOf = (persona: Persona) => people.get(persona)?.id ?? '';

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

let address = 0;
const trySignIn = (app: TestApp, email: string) =>
  createAgent(app.app).inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: testPassword },
    remoteAddress: `10.30.0.${++address}`,
  });

const block = (agent: Agent, id: string, body: object) =>
  agent.inject({ method: 'POST', url: `/api/users/${id}/block`, payload: body });
const setRole = (agent: Agent, id: string, role: string) =>
  agent.inject({ method: 'PUT', url: `/api/users/${id}/role`, payload: { role } });
const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000).toISOString();

interface Listed {
  id: string;
  name: string;
  username: string | null;
  email: string;
}
async function list(agent: Agent, query: string) {
  const res = await agent.inject({ url: `/api/users?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ users: Listed[]; nextCursor: string | null }>();
}

describe('finding users', () => {
  it('shows emails to experienced moderators and admins, not to moderators', async () => {
    const forModerator = await list(as('moderator'), 'limit=100');
    expect(forModerator.users.length).toBeGreaterThanOrEqual(5);
    expect(forModerator.users.every((user) => user.email === '')).toBe(true);
    for (const name of ['experienced_moderator', 'admin'] as const) {
      const shown = await list(as(name), 'limit=100');
      const self = shown.users.find((user) => user.id === idOf('user'));
      expect(self?.email).toBe(people.get('user')?.email);
    }
  });

  it('searches display names and usernames', async () => {
    const target = await buildAccount(db(), { name: 'Zebrafinch Quill', username: 'kestrel_z' });
    await buildAccount(db(), { name: 'Someone Else' });
    const byName = await list(as('moderator'), 'q=zebraFINCH');
    expect(byName.users.map((user) => user.id)).toEqual([target.id]);
    const byUsername = await list(as('moderator'), 'q=kestrel');
    expect(byUsername.users.map((user) => user.id)).toEqual([target.id]);
  });

  it('lets only those who see emails search them', async () => {
    const target = await buildAccount(db(), { email: 'hidden-heron@example.test' });
    expect((await list(as('moderator'), 'q=hidden-heron')).users).toEqual([]);
    const found = await list(as('admin'), 'q=hidden-heron');
    expect(found.users.map((user) => user.id)).toEqual([target.id]);
  });

  it('pages through every user exactly once, even users created in the same millisecond', async () => {
    const twins = [];
    for (let n = 0; n < 3; n += 1) twins.push(await buildAccount(db()));
    // Rows created within one millisecond differ only in microseconds, which a JS Date drops.
    for (const [n, twin] of twins.entries()) {
      await db()
        .update(users)
        .set({
          createdAt: sql`'2030-01-01T00:00:00.123Z'::timestamptz + ${n + 1} * interval '1 microsecond'`,
        })
        .where(eq(users.id, twin.id));
    }
    const everyone = await db().select({ id: users.id }).from(users).where(isNull(users.deletedAt));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { users: Listed[]; nextCursor: string | null } = await list(
        as('admin'),
        `limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.users.map((user) => user.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(everyone.length);
    expect(new Set(seen)).toEqual(new Set(everyone.map((row) => row.id)));
  });

  it('is closed to plain users', async () => {
    const res = await as('user').inject({ url: '/api/users' });
    expect(res.statusCode).toBe(403);
  });
});

describe('blocking', () => {
  it('refuses the blocked user at once, then at sign-in, until the block is lifted', async () => {
    const target = await buildAccount(db());
    const open = await signIn(t.app, target);
    const until = inThreeDays();
    const res = await block(as('experienced_moderator'), target.id, {
      reason: 'Spam links',
      until,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: target.id,
      block: { reason: 'Spam links', until },
    });

    const refused = await open.inject({ url: '/api/auth/session' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'permission-denied',
      details: { blocked: { reason: 'Spam links', until } },
    });
    const after = await open.inject({ url: '/api/auth/session' });
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toBeNull();

    const signInRefused = await trySignIn(t, target.email);
    expect(signInRefused.statusCode).toBe(403);
    expect(signInRefused.json().error.details).toEqual({
      blocked: { reason: 'Spam links', until },
    });

    const lifted = await as('experienced_moderator').inject({
      method: 'DELETE',
      url: `/api/users/${target.id}/block`,
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().user.block).toBeNull();
    expect((await trySignIn(t, target.email)).statusCode).toBe(200);
  });

  it("tells each of the member's browsers why, not only the first one to ask", async () => {
    const target = await buildAccount(db());
    const laptop = await signIn(t.app, target);
    const phone = await signIn(t.app, target);
    const until = inThreeDays();
    expect((await block(as('admin'), target.id, { reason: 'Spoilers', until })).statusCode).toBe(
      200,
    );

    for (const browser of [laptop, phone]) {
      const refused = await browser.inject({ url: '/api/auth/session' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.details).toEqual({ blocked: { reason: 'Spoilers', until } });
      const after = await browser.inject({ url: '/api/auth/session' });
      expect(after.json().user).toBeNull();
    }
  });

  it('ends every session from before a block even when the block is lifted before they return', async () => {
    const target = await buildAccount(db());
    const open = await signIn(t.app, target);
    expect((await block(as('admin'), target.id, { reason: 'Brief block' })).statusCode).toBe(200);
    const lifted = await as('admin').inject({
      method: 'DELETE',
      url: `/api/users/${target.id}/block`,
    });
    expect(lifted.statusCode).toBe(200);
    const session = await open.inject({ url: '/api/auth/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toBeNull();
    expect((await trySignIn(t, target.email)).statusCode).toBe(200);
  });

  it('ends the session from before a block that ran out by itself', async () => {
    const target = await buildAccount(db());
    const open = await signIn(t.app, target);
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    expect((await block(as('admin'), target.id, { reason: 'Short', until })).statusCode).toBe(200);
    await db()
      .update(users)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, target.id));
    const session = await open.inject({ url: '/api/auth/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toBeNull();
    expect((await userRow(target.id)).banned).toBe(false);
  });

  it('lets an experienced moderator block only lower ranks', async () => {
    const moderator = await buildAccount(db(), { role: 'moderator' });
    const peer = await buildAccount(db(), { role: 'experienced_moderator' });
    const admin = await buildAccount(db(), { role: 'admin' });
    const reason = { reason: 'Testing ranks' };
    expect((await block(as('experienced_moderator'), moderator.id, reason)).statusCode).toBe(200);
    for (const target of [peer, admin]) {
      const res = await block(as('experienced_moderator'), target.id, reason);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
      expect((await userRow(target.id)).banned).toBe(false);
    }
  });

  it('does not let a moderator block anyone', async () => {
    const target = await buildAccount(db());
    const res = await block(as('moderator'), target.id, { reason: 'Not allowed' });
    expect(res.statusCode).toBe(403);
    expect((await userRow(target.id)).banned).toBe(false);
  });

  it('does not let anyone block themselves', async () => {
    for (const name of ['experienced_moderator', 'admin'] as const) {
      const res = await block(as(name), idOf(name), { reason: 'Myself' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('You cannot block your own account');
      expect((await userRow(idOf(name))).banned).toBe(false);
    }
  });

  it('lets an admin block another admin', async () => {
    const other = await buildAccount(db(), { role: 'admin' });
    const res = await block(as('admin'), other.id, { reason: 'Rogue admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.block).toEqual({ reason: 'Rogue admin', until: null });
    expect((await trySignIn(t, other.email)).statusCode).toBe(403);
  });

  it('refuses an end date in the past or a too short reason and changes nothing', async () => {
    const target = await buildAccount(db());
    const past = await block(as('admin'), target.id, {
      reason: 'Too late',
      until: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('The end date of a block must be in the future');
    const short = await block(as('admin'), target.id, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('invalid-argument');
    expect(await userRow(target.id)).toMatchObject({ banned: false, banReason: null });
  });

  it('lifts itself once its end date has passed', async () => {
    const target = await buildAccount(db());
    const res = await block(as('admin'), target.id, {
      reason: 'Cooling off',
      until: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await trySignIn(t, target.email)).statusCode).toBe(403);

    await db()
      .update(users)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, target.id));
    const back = await trySignIn(t, target.email);
    expect(back.statusCode).toBe(200);
    const listed = await list(as('admin'), `q=${target.username ?? ''}`);
    expect(listed.users.find((user) => user.id === target.id)).toMatchObject({ block: null });
  });
});

describe('roles', () => {
  it('lets an admin make a user a moderator', async () => {
    const target = await buildAccount(db());
    const res = await setRole(as('admin'), target.id, 'moderator');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: target.id, role: 'moderator' });
    expect((await userRow(target.id)).role).toBe('moderator');
  });

  it('does not let anyone change their own role', async () => {
    const res = await setRole(as('admin'), idOf('admin'), 'user');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You cannot change your own role');
    expect((await userRow(idOf('admin'))).role).toBe('admin');
  });

  it('does not let an experienced moderator change roles', async () => {
    const target = await buildAccount(db());
    const res = await setRole(as('experienced_moderator'), target.id, 'moderator');
    expect(res.statusCode).toBe(403);
    expect((await userRow(target.id)).role).toBe('user');
  });

  it('lets an admin demote another admin', async () => {
    const res = await setRole(as('admin'), idOf('admin2'), 'experienced_moderator');
    expect(res.statusCode).toBe(200);
    expect((await userRow(idOf('admin2'))).role).toBe('experienced_moderator');
    await setRole(as('admin'), idOf('admin2'), 'admin');
  });

  it('answers 404 for an unknown user and 400 for an unknown role', async () => {
    const missing = await setRole(as('admin'), 'no-such-user', 'moderator');
    expect(missing.statusCode).toBe(404);
    const target = await buildAccount(db());
    const invalid = await setRole(as('admin'), target.id, 'superuser');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('invalid-argument');
    expect((await userRow(target.id)).role).toBe('user');
  });
});

/**
 * The last-admin rule, on a site whose only admins are the ones in each test. The acting admin
 * is itself an active admin (a blocked one is refused before it acts) and nobody acts on
 * themselves, so one request on its own can never remove the last active admin: the rule
 * matters when two admins act on each other at the same moment, and it must not stop an
 * admin from acting on an admin who is blocked already.
 */
describe('the last admin', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({ serveWeb: false });
  });
  afterAll(() => site.close());
  // The audit log keeps every actor for good, so earlier tests' admins step down, not out.
  beforeEach(() =>
    site.platforms.database.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin')),
  );

  const admins = async () =>
    (await site.platforms.database.db.select().from(users).where(eq(users.role, 'admin'))).filter(
      (row) => !row.banned,
    );

  it('lets the only active admin demote or re-block an admin who is blocked', async () => {
    const db = site.platforms.database.db;
    const actor = await buildAccount(db, { role: 'admin' });
    const blocked = await buildAccount(db, {
      role: 'admin',
      banned: true,
      banReason: 'Compromised',
    });
    const agent = await signIn(site.app, actor);
    const reblocked = await block(agent, blocked.id, { reason: 'Compromised account' });
    expect(reblocked.statusCode).toBe(200);
    const demoted = await setRole(agent, blocked.id, 'user');
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().user.role).toBe('user');
  });

  it('keeps one admin when two admins demote each other at once', async () => {
    const db = site.platforms.database.db;
    const first = await buildAccount(db, { role: 'admin' });
    const second = await buildAccount(db, { role: 'admin' });
    const [firstAgent, secondAgent] = [
      await signIn(site.app, first),
      await signIn(site.app, second),
    ];
    const results = await Promise.all([
      setRole(firstAgent, second.id, 'user'),
      setRole(secondAgent, first.id, 'user'),
    ]);
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 412]).toContain(codes[1]);
    const refused = results.find((res) => res.statusCode !== 200);
    if (refused?.statusCode === 412) {
      expect(refused.json().error).toMatchObject({
        code: 'failed-precondition',
        message: 'The last admin cannot be made User',
      });
    }
    expect(await admins()).toHaveLength(1);
  });

  it('keeps one active admin when two admins block each other at once', async () => {
    const db = site.platforms.database.db;
    const first = await buildAccount(db, { role: 'admin' });
    const second = await buildAccount(db, { role: 'admin' });
    const [firstAgent, secondAgent] = [
      await signIn(site.app, first),
      await signIn(site.app, second),
    ];
    const results = await Promise.all([
      block(firstAgent, second.id, { reason: 'Palace coup' }),
      block(secondAgent, first.id, { reason: 'Palace coup' }),
    ]);
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 412]).toContain(codes[1]);
    expect(await admins()).toHaveLength(1);
  });
});
