import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount } from '../../test/factories.js';
import {
  createAgent,
  linkToken,
  readMails,
  signIn,
  type Agent,
  testPassword,
} from '../../test/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function passwordHash(userId: string) {
  const [row] = await db().select().from(accounts).where(eq(accounts.userId, userId));
  return row?.password ?? null;
}

let address = 0;
/** A fresh browser signing in with `password`, each from its own client address. */
const trySignIn = (email: string, password: string) =>
  createAgent(t.app).inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: `10.20.0.${++address}`,
  });

const sessionUser = async (agent: Agent) =>
  (await agent.inject({ url: '/api/auth/session' })).json<{ user: { id: string } | null }>().user;

/** Mails to exactly this address (one address may be part of another). */
const mailsTo = async (to: string) =>
  (await readMails(t)).filter((mail) => mail.to.replace(/^.*<|>.*$/g, '') === to);

describe('display name', () => {
  it('changes the display name', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const res = await agent.inject({
      method: 'PATCH',
      url: '/api/account',
      payload: { name: '  Ada Lovelace ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, name: 'Ada Lovelace' });
    expect((await userRow(user.id)).name).toBe('Ada Lovelace');
    expect((await agent.inject({ url: '/api/auth/session' })).json().user.name).toBe(
      'Ada Lovelace',
    );
  });

  it('refuses an empty or over-long name and keeps the old one', async () => {
    const user = await buildAccount(db(), { name: 'Original Name' });
    const agent = await signIn(t.app, user);
    for (const name of ['', '   ', 'x'.repeat(51)]) {
      const res = await agent.inject({ method: 'PATCH', url: '/api/account', payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    expect((await userRow(user.id)).name).toBe('Original Name');
  });
});

describe('password change', () => {
  const newPassword = 'quartz-meadow-river-77';

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const before = await passwordHash(user.id);
    const res = await agent.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'not-my-password', newPassword },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid-argument',
      message: 'Current password is incorrect',
    });
    expect(await passwordHash(user.id)).toBe(before);
    expect((await trySignIn(user.email, newPassword)).statusCode).toBe(401);
  });

  it('refuses a password the policy forbids, naming the policy', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const before = await passwordHash(user.id);
    const res = await agent.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: testPassword, newPassword: 'password123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject({
      reason: 'password-policy',
      rules: ['not-common'],
    });
    expect(await passwordHash(user.id)).toBe(before);
  });

  it('changes the password, signs out the other sessions and keeps this one', async () => {
    const user = await buildAccount(db());
    const laptop = await signIn(t.app, user);
    const phone = await signIn(t.app, user);
    const res = await laptop.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: testPassword, newPassword },
    });
    expect(res.statusCode).toBe(204);
    expect(await sessionUser(phone)).toBeNull();
    expect((await sessionUser(laptop))?.id).toBe(user.id);
    expect((await trySignIn(user.email, newPassword)).statusCode).toBe(200);
    expect((await trySignIn(user.email, testPassword)).statusCode).toBe(401);
  });
});

describe('email change', () => {
  it('needs the password', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const res = await agent.inject({
      method: 'POST',
      url: '/api/account/email',
      payload: { newEmail: `moved-${user.username}@example.test`, password: 'not-my-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Current password is incorrect');
    expect(await mailsTo(`moved-${user.username}@example.test`)).toEqual([]);
  });

  it('mails the new address only and changes the email once the link is followed', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const newEmail = `moved-${user.username}@example.test`;
    const res = await agent.inject({
      method: 'POST',
      url: '/api/account/email',
      payload: { newEmail, password: testPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'email-sent' });
    expect(await mailsTo(user.email)).toEqual([]);
    const [mail] = await mailsTo(newEmail);
    expect(mail?.subject).toBe('Confirm your new email address — Viewpoint');
    expect((await userRow(user.id)).email).toBe(user.email);

    const token = await linkToken(t, newEmail, '/auth/change-email');
    const confirmed = await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/account/email/verify',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ id: user.id, email: newEmail });
    const row = await userRow(user.id);
    expect(row.email).toBe(newEmail);
    expect(row.emailVerified).toBe(true);

    const again = await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/account/email/verify',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect((await trySignIn(newEmail, testPassword)).statusCode).toBe(200);
    expect((await trySignIn(user.email, testPassword)).statusCode).toBe(401);
  });

  it('answers alike for an address that has an account, changes nothing and warns that address', async () => {
    const owner = await buildAccount(db());
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const res = await agent.inject({
      method: 'POST',
      url: '/api/account/email',
      payload: { newEmail: owner.email, password: testPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'email-sent' });
    expect((await userRow(user.id)).email).toBe(user.email);
    const mails = await mailsTo(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'This address already has an account — Viewpoint',
    ]);
    expect(mails[0]?.body).not.toContain('/auth/change-email');
  });
});

describe('links mailed before the account was deleted', () => {
  it('does not give a deleted account an address back through an old link', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const newEmail = `late-${user.username}@example.test`;
    await agent.inject({
      method: 'POST',
      url: '/api/account/email',
      payload: { newEmail, password: testPassword },
    });
    const token = await linkToken(t, newEmail, '/auth/change-email');
    const deleted = await agent.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { username: user.username, password: testPassword },
    });
    expect(deleted.statusCode).toBe(204);

    const res = await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/account/email/verify',
      payload: { token },
    });
    expect(res.statusCode).toBe(400);
    const row = await userRow(user.id);
    expect(row.email).toMatch(/@deleted\.invalid$/);
    expect(row.emailVerified).toBe(false);
  });

  it('does not let an old password reset link give a deleted account a password again', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: user.email },
    });
    const token = await linkToken(t, user.email, '/auth/reset-password');
    await agent.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { username: user.username, password: testPassword },
    });

    const res = await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: 'marble-canyon-echo-42' },
    });
    expect(res.statusCode).toBe(400);
    expect(await passwordHash(user.id)).toBeNull();
    const scrubbed = (await userRow(user.id)).email;
    expect((await trySignIn(scrubbed, 'marble-canyon-echo-42')).statusCode).toBe(401);
  });
});

describe('active sessions', () => {
  const laptopAgent =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const phoneAgent =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  async function signInFrom(email: string, userAgent: string, ip: string) {
    const agent = createAgent(t.app);
    const res = await agent.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: testPassword },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    return agent;
  }

  interface ListedSession {
    id: string;
    current: boolean;
    device: string;
    ipAddress: string | null;
  }
  const listSessions = async (agent: Agent) => {
    const res = await agent.inject({ url: '/api/account/sessions' });
    expect(res.statusCode).toBe(200);
    return res.json<{ sessions: ListedSession[] }>().sessions;
  };

  it('lists each device with its address and marks the current one', async () => {
    const user = await buildAccount(db());
    const laptop = await signInFrom(user.email, laptopAgent, '10.21.0.1');
    await signInFrom(user.email, phoneAgent, '10.21.0.2');
    const sessions = await listSessions(laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          device: 'Chrome on Linux',
          ipAddress: '10.21.0.1',
          current: true,
        }),
        expect.objectContaining({
          device: 'Safari on iOS',
          ipAddress: '10.21.0.2',
          current: false,
        }),
      ]),
    );
  });

  it('signs out another session; an unknown or foreign session id is not found', async () => {
    const user = await buildAccount(db());
    const stranger = await buildAccount(db());
    const laptop = await signInFrom(user.email, laptopAgent, '10.21.1.1');
    const phone = await signInFrom(user.email, phoneAgent, '10.21.1.2');
    const strangerAgent = await signInFrom(stranger.email, laptopAgent, '10.21.1.3');
    const phoneSession = (await listSessions(laptop)).find((session) => !session.current);
    const strangerSession = (await listSessions(strangerAgent))[0];
    if (!phoneSession || !strangerSession) throw new Error('sessions missing');

    const res = await laptop.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneSession.id}`,
    });
    expect(res.statusCode).toBe(204);
    expect(await sessionUser(phone)).toBeNull();
    expect((await sessionUser(laptop))?.id).toBe(user.id);
    expect((await listSessions(laptop)).map((session) => session.current)).toEqual([true]);

    for (const id of [phoneSession.id, 'no-such-session', strangerSession.id]) {
      const missing = await laptop.inject({ method: 'DELETE', url: `/api/account/sessions/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('not-found');
    }
    expect((await sessionUser(strangerAgent))?.id).toBe(stranger.id);
  });
});

describe('account deletion', () => {
  it('refuses a wrong username or password and changes nothing', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    for (const payload of [
      { username: 'someone_else', password: testPassword },
      { username: user.username, password: 'not-my-password' },
    ]) {
      const res = await agent.inject({ method: 'DELETE', url: '/api/account', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    const row = await userRow(user.id);
    expect(row).toMatchObject({ name: user.name, email: user.email, deletedAt: null });
    expect((await sessionUser(agent))?.id).toBe(user.id);
  });

  it('scrubs the account, keeps the row and signs out every session', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const phone = await signIn(t.app, user);
    const res = await agent.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { username: user.username, password: testPassword },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/vp\.session_token=;/);
    expect(agent.cookies.has('vp.session_token')).toBe(false);

    expect(await sessionUser(phone)).toBeNull();
    const signedInRoute = await phone.inject({ url: '/api/account/sessions' });
    expect(signedInRoute.statusCode).toBe(401);

    const row = await userRow(user.id);
    expect(row.name).toBe('deleted user');
    expect(row.username).toBeNull();
    expect(row.displayUsername).toBeNull();
    expect(row.email).not.toBe(user.email);
    expect(row.email).toMatch(/@deleted\.invalid$/);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await trySignIn(user.email, testPassword)).statusCode).toBe(401);
  });

  it('does not let a leftover session of a deleted account in', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    // A session that outlived the deletion (say, a sign-in racing it): the account is gone.
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const res = await agent.inject({ url: '/api/account/sessions' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
    expect(await sessionUser(agent)).toBeNull();
  });
});

describe('resending the verification mail', () => {
  it('mails a signed-in unverified user a new link, 3 times an hour at most', async () => {
    const user = await buildAccount(db(), { emailVerified: false });
    const agent = await signIn(t.app, user);
    const resend = () =>
      agent.inject({ method: 'POST', url: '/api/auth/verify-email/resend', payload: {} });

    const codes: number[] = [];
    for (let n = 0; n < 3; n += 1) codes.push((await resend()).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(3);
    expect(mails.every((mail) => mail.body.includes('/auth/verify-email?token='))).toBe(true);

    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('resource-exhausted');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await mailsTo(user.email)).toHaveLength(3);
  });
});
