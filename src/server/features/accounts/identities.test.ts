import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users } from '../../schema.js';
import { createAgent, readMails, signIn, testOrigin, type Agent } from '../../test/auth-helpers.js';
import { buildAccount, buildUser } from '../../test/factories.js';
import { startIdp, type TestIdp } from '../../test/idp.js';
import { auditOf, databaseDigest } from '../../test/state.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { grantSecondFactor } from './second-factor/service.js';

let t: TestApp;
let idp: TestIdp;
const listedAdmin = `first-admin-${randomUUID().slice(0, 6)}@example.test`;

beforeAll(async () => {
  idp = await startIdp({ redirectUris: [`${testOrigin}/api/auth/callback/oidc`] });
  t = await createTestApp({
    serveWeb: false,
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: 'Test IdP',
      ADMIN_EMAILS: listedAdmin,
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const db = () => t.platforms.database.db;

/** Each browser comes from an address of its own, as people do. */
let nextAddress = 1;
function browser(): Agent & { address: string } {
  nextAddress += 1;
  const address = `10.51.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  const agent = createAgent(t.app);
  return {
    cookies: agent.cookies,
    address,
    inject: (options) => agent.inject({ remoteAddress: address, ...options }),
  };
}

/** A person at the provider, with an address of their own. */
function person(overrides: { email?: string; emailVerified?: boolean; name?: string } = {}) {
  const sub = randomUUID();
  const account = {
    sub,
    email: `idp-${sub.slice(0, 8)}@example.test`,
    emailVerified: true,
    name: 'Ada Lovelace',
    ...overrides,
  };
  idp.addAccount(account);
  return account;
}

/** The start route: answers the provider's authorization address. */
async function start(agent: Agent, path = '/api/auth/providers/oidc/start?redirect=%2Fforum') {
  const res = await agent.inject({ url: path });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

/** The provider's answer, brought back to the site; answers where the site sends the browser. */
async function callback(agent: Agent, back: URL) {
  const res = await agent.inject({ url: `${back.pathname}${back.search}` });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(String(res.headers.location), testOrigin);
}

/** A whole provider sign-in in one browser. */
async function providerSignIn(agent: Agent, sub: string) {
  return callback(agent, await idp.authorize(await start(agent), sub));
}

const sessionUser = async (agent: Agent) =>
  (await agent.inject({ url: '/api/auth/session' })).json<{
    user: { id: string; email: string; emailVerified: boolean; role: string } | null;
  }>().user;

const userByEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0];

const providerAccounts = (userId: string) =>
  db()
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'oidc')));

describe('the providers a site offers', () => {
  it('lists the configured provider with its name, and the address sign-in works at', async () => {
    const res = await createAgent(t.app).inject({ url: '/api/auth/providers' });
    expect(res.json()).toEqual({
      providers: [{ id: 'oidc', name: 'Test IdP' }],
      origin: testOrigin,
    });
  });

  it('refuses a provider the site does not offer, and an unknown one', async () => {
    const agent = browser();
    const github = await agent.inject({ url: '/api/auth/providers/github/start' });
    expect(github.statusCode).toBe(404);
    expect(github.json().error.code).toBe('not-found');
    const unknown = await agent.inject({ url: '/api/auth/providers/myspace/start' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('invalid-argument');
  });
});

describe('a newcomer signing in with a provider', () => {
  it('gets a verified account with a username to confirm, signed in, the session saying how', async () => {
    const ada = person({ name: 'Ada Lovelace' });
    const agent = browser();
    const next = await providerSignIn(agent, ada.sub);
    expect(next.pathname).toBe('/auth/provider-done');
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      provider: 'oidc',
      to: '/forum',
      new: '1',
    });

    const user = await sessionUser(agent);
    expect(user).toMatchObject({ email: ada.email, emailVerified: true, role: 'user' });
    const row = await userByEmail(ada.email);
    expect(row?.username).toMatch(/^ada_lovelace\d*$/);
    expect(row?.usernameChosen).toBe(false);

    const list = (await agent.inject({ url: '/api/account/sessions' })).json();
    expect(list.sessions[0].signedInWith).toBe('Test IdP');

    // The username is confirmed (or changed) once.
    const chosen = await agent.inject({
      method: 'PUT',
      url: '/api/account/username',
      payload: { username: 'AdaFilms' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().user.username).toBe('AdaFilms');
    const again = await agent.inject({
      method: 'PUT',
      url: '/api/account/username',
      payload: { username: 'AdaAgain' },
    });
    expect(again.statusCode).toBe(412);

    // The audit log has the link that made the account.
    const audit = await auditOf(t, 'user', row?.id ?? '');
    expect(audit.map((entry) => entry.action)).toEqual(['user.identity-link']);
  });

  it('a provider that does not vouch for the address: the usual verification mail', async () => {
    const ben = person({ emailVerified: false, name: 'Ben' });
    const agent = browser();
    await providerSignIn(agent, ben.sub);
    expect(await sessionUser(agent)).toMatchObject({ email: ben.email, emailVerified: false });
    const mails = await readMails(t);
    expect(mails.some((mail) => mail.to === ben.email && /verify/i.test(mail.subject))).toBe(true);
  });

  it('ADMIN_EMAILS makes an admin of a listed address only when the provider verified it', async () => {
    const first = person({ email: listedAdmin, emailVerified: true });
    const agent = browser();
    await providerSignIn(agent, first.sub);
    expect((await sessionUser(agent))?.role).toBe('admin');
  });
});

describe('an address that already has an account', () => {
  it('is never signed into: its owner signs in, links, and the identity then signs in', async () => {
    const owner = await buildAccount(db());
    const twin = person({ email: owner.email, emailVerified: true });
    const stranger = browser();
    const refused = await providerSignIn(stranger, twin.sub);
    expect(refused.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionUser(stranger)).toBeNull();
    expect(await providerAccounts(owner.id)).toEqual([]);

    // The owner proves the account (password) and links it.
    const agent = await signIn(t.app, owner);
    const linkStart = await agent.inject({
      method: 'POST',
      url: '/api/account/identities/oidc/link',
    });
    expect(linkStart.statusCode, linkStart.body).toBe(200);
    const linked = await callback(agent, await idp.authorize(linkStart.json().url, twin.sub));
    expect(linked.searchParams.get('error')).toBeNull();
    expect(linked.searchParams.get('link')).toBe('1');
    expect(await providerAccounts(owner.id)).toHaveLength(1);
    const list = (await agent.inject({ url: '/api/account/identities' })).json();
    expect(list.identities).toEqual([
      { provider: 'oidc', name: 'Test IdP', linkedAt: expect.any(String) },
    ]);
    expect(list.password).toBe(true);

    // Now the identity signs in to the owner's account, in any browser.
    const later = browser();
    const next = await providerSignIn(later, twin.sub);
    expect(next.searchParams.get('new')).toBeNull();
    expect((await sessionUser(later))?.id).toBe(owner.id);
  });

  it('an unverified provider address never links, even by its signed-in owner', async () => {
    const owner = await buildAccount(db());
    const unverified = person({ email: owner.email, emailVerified: false });
    const agent = await signIn(t.app, owner);
    const linkStart = await agent.inject({
      method: 'POST',
      url: '/api/account/identities/oidc/link',
    });
    const back = await callback(agent, await idp.authorize(linkStart.json().url, unverified.sub));
    expect(back.searchParams.get('error')).toBe('unable_to_link_account');
    expect(await providerAccounts(owner.id)).toEqual([]);
  });

  it('an identity linked to one account is not linked to another', async () => {
    const first = await buildAccount(db());
    const second = await buildAccount(db());
    const shared = person({ email: first.email });
    const firstAgent = await signIn(t.app, first);
    const one = await firstAgent.inject({
      method: 'POST',
      url: '/api/account/identities/oidc/link',
    });
    await callback(firstAgent, await idp.authorize(one.json().url, shared.sub));
    const secondAgent = await signIn(t.app, second);
    const two = await secondAgent.inject({
      method: 'POST',
      url: '/api/account/identities/oidc/link',
    });
    const back = await callback(secondAgent, await idp.authorize(two.json().url, shared.sub));
    expect(back.searchParams.get('error')).toBe('account_already_linked_to_different_user');
    expect(await providerAccounts(second.id)).toEqual([]);
  });
});

describe('unlinking', () => {
  it('removes a provider when a password is left, and records it', async () => {
    const owner = await buildAccount(db());
    const identity = person({ email: owner.email });
    const agent = await signIn(t.app, owner);
    const linkStart = await agent.inject({
      method: 'POST',
      url: '/api/account/identities/oidc/link',
    });
    await callback(agent, await idp.authorize(linkStart.json().url, identity.sub));
    const res = await agent.inject({ method: 'DELETE', url: '/api/account/identities/oidc' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await providerAccounts(owner.id)).toEqual([]);
    const audit = await auditOf(t, 'user', owner.id);
    expect(audit.map((entry) => entry.action)).toEqual([
      'user.identity-link',
      'user.identity-unlink',
    ]);
    const gone = await agent.inject({ method: 'DELETE', url: '/api/account/identities/oidc' });
    expect(gone.statusCode).toBe(404);
  });

  it('never removes the last way in', async () => {
    const only = person();
    const agent = browser();
    await providerSignIn(agent, only.sub);
    const before = await databaseDigest(t);
    const res = await agent.inject({ method: 'DELETE', url: '/api/account/identities/oidc' });
    expect(res.statusCode).toBe(412);
    expect(res.json().error.message).toMatch(/only way to sign in/);
    expect(await databaseDigest(t)).toEqual(before);
  });
});

describe('the rules of the site apply whichever way a member signs in', () => {
  it('a blocked member is not signed in through a provider', async () => {
    const blocked = await buildUser(db(), { banned: true, banReason: 'Spam' });
    await db()
      .insert(accounts)
      .values({
        id: randomUUID(),
        accountId: `blocked-${blocked.id}`,
        providerId: 'oidc',
        userId: blocked.id,
      });
    const identity = person({ email: blocked.email });
    // Their identity at the provider is the one linked.
    await db()
      .update(accounts)
      .set({ accountId: identity.sub })
      .where(eq(accounts.accountId, `blocked-${blocked.id}`));
    const agent = browser();
    const back = await providerSignIn(agent, identity.sub);
    expect(back.searchParams.get('error')).toMatch(/banned|BANNED_USER/i);
    expect(await sessionUser(agent)).toBeNull();
  });

  it('a member with a second factor is asked for it after the provider too', async () => {
    const owner = await buildAccount(db());
    const { uri } = await grantSecondFactor(db(), {
      secret: t.config.authSecret,
      userId: owner.id,
      issuer: 'Viewpoint',
      account: owner.email,
    });
    const key = new URL(uri).searchParams.get('secret') ?? '';
    const identity = person({ email: owner.email });
    await db().insert(accounts).values({
      id: randomUUID(),
      accountId: identity.sub,
      providerId: 'oidc',
      userId: owner.id,
    });
    const browsing = browser();
    const back = await providerSignIn(browsing, identity.sub);
    expect(back.searchParams.get('secondFactor'), back.toString()).toBe('1');
    expect(await sessionUser(browsing)).toBeNull();
    const code = generateSync({ secret: key });
    const done = await browsing.inject({
      method: 'POST',
      url: '/api/auth/second-factor',
      payload: { code },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await sessionUser(browsing))?.id).toBe(owner.id);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(row?.signedInWith).toBe('oidc+second-factor');
  });
});

describe('bad answers create, link and sign in nothing', () => {
  /** Runs `attempt` in a fresh browser and checks it ended with an error and changed nothing. */
  async function refused(attempt: (agent: Agent) => Promise<URL>) {
    const agent = browser();
    // The start writes its own state; the digest is taken after it.
    const before = await databaseDigest(t);
    const next = await attempt(agent);
    expect(next.pathname).toBe('/auth/provider-done');
    expect(next.searchParams.get('error')).toBeTruthy();
    expect(await sessionUser(agent)).toBeNull();
    const after = await databaseDigest(t);
    expect(after.users).toBe(before.users);
    expect(after.accounts).toBe(before.accounts);
    expect(after.sessions ?? '').toBe(before.sessions ?? '');
    return next.searchParams.get('error');
  }

  it('a forged state', async () => {
    const someone = person();
    await refused(async (agent) => {
      const back = await idp.authorize(await start(agent), someone.sub);
      back.searchParams.set('state', 'forged-state-value');
      return callback(agent, back);
    });
  });

  it('a state from another browser', async () => {
    const someone = person();
    const victim = browser();
    const back = await idp.authorize(await start(victim), someone.sub);
    await refused((agent) => callback(agent, back));
  });

  it('a replayed answer (state and code used once)', async () => {
    const someone = person();
    const agent = browser();
    const back = await idp.authorize(await start(agent), someone.sub);
    await callback(agent, back);
    await refused((fresh) => callback(fresh, back));
    // Even in the same browser, signed out again.
    await agent.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {} });
    const again = await callback(agent, back);
    expect(again.searchParams.get('error')).toBeTruthy();
  });

  it('a wrong authorisation code', async () => {
    const someone = person();
    await refused(async (agent) => {
      const back = await idp.authorize(await start(agent), someone.sub);
      back.searchParams.set('code', 'not-a-code-the-provider-gave');
      return callback(agent, back);
    });
  });

  it('the provider refusing (the member cancelled)', async () => {
    const someone = person();
    const error = await refused(async (agent) =>
      callback(agent, await idp.authorize(await start(agent), someone.sub, { deny: true })),
    );
    expect(error).toBe('access_denied');
  });

  const tampered: [string, (claims: Record<string, unknown>) => Record<string, unknown>][] = [
    ['from another issuer', (claims) => ({ ...claims, iss: 'http://127.0.0.1:1/other' })],
    ['for another audience', (claims) => ({ ...claims, aud: 'another-client' })],
    [
      'expired',
      (claims) => ({
        ...claims,
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 3600,
      }),
    ],
    ['with another nonce', (claims) => ({ ...claims, nonce: 'not-the-nonce-sent' })],
  ];
  it.each(tampered)('an ID token %s', async (_, change) => {
    const someone = person();
    idp.tamperNextIdToken(change);
    await refused(async (agent) =>
      callback(agent, await idp.authorize(await start(agent), someone.sub)),
    );
    expect(await userByEmail(someone.email)).toBeUndefined();
  });

  it('an answer without an address', async () => {
    const sub = randomUUID();
    idp.addAccount({ sub, name: 'No Address' });
    const error = await refused(async (agent) =>
      callback(agent, await idp.authorize(await start(agent), sub)),
    );
    expect(error).toBe('email_not_found');
  });

  it('an ID token signed by a stranger', async () => {
    const someone = person();
    idp.tamperNextIdToken((claims) => claims, { signedBy: 'stranger' });
    await refused(async (agent) =>
      callback(agent, await idp.authorize(await start(agent), someone.sub)),
    );
    expect(await userByEmail(someone.email)).toBeUndefined();
  });

  it('a redirect address the provider does not know: the provider refuses it', async () => {
    const someone = person();
    const agent = browser();
    const url = new URL(await start(agent));
    url.searchParams.set('redirect_uri', 'http://elsewhere.test/api/auth/callback/oidc');
    await expect(idp.authorize(url.toString(), someone.sub)).rejects.toThrow();
  });

  it('a link started without being signed in is refused', async () => {
    const res = await browser().inject({
      method: 'POST',
      url: '/api/account/identities/oidc/link',
    });
    expect(res.statusCode).toBe(401);
  });
});
