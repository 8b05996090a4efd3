import { randomUUID } from 'node:crypto';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, passkeys, sessions, users } from '../../schema.js';
import { createAgent, signIn, testPassword, type Agent } from '../../test/auth-helpers.js';
import { softAuthenticator } from '../../test/authenticator.js';
import { buildAccount, buildUser } from '../../test/factories.js';
import { databaseDigest } from '../../test/state.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Passkeys end to end through the real routes, Better Auth's passkey plugin and a software
 * authenticator that signs as a device would: adding one, signing in without a password, in
 * place of a code at the second step, removing one; and every bad answer refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

const origin = 'http://viewpoint.test';
const db = () => t.platforms.database.db;
let nextAddress = 1;
const addresses = new WeakMap<Agent, string>();
function addressOf(agent: Agent) {
  let address = addresses.get(agent);
  if (!address) {
    address = `10.52.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
    nextAddress += 1;
    addresses.set(agent, address);
  }
  return address;
}
const post = (agent: Agent, url: string, payload: object = {}) =>
  agent.inject({ method: 'POST', url, payload, remoteAddress: addressOf(agent) });
const get = (agent: Agent, url: string) =>
  agent.inject({ method: 'GET', url, remoteAddress: addressOf(agent) });

async function visitor() {
  const agent = createAgent(t.app);
  await get(agent, '/api/auth/session');
  return agent;
}

/** A member signed in, with a device of their own and one passkey on it. */
async function memberWithPasskey(name = 'Laptop') {
  const user = await buildAccount(db());
  const agent = await signIn(t.app, user);
  const device = softAuthenticator({ origin });
  const added = await addPasskey(agent, device, name);
  expect(added.statusCode, added.body).toBe(201);
  return { user, agent, device, passkey: added.json<{ passkey: { id: string } }>().passkey };
}

async function addPasskey(
  agent: Agent,
  device: ReturnType<typeof softAuthenticator>,
  name: string,
  password: string | undefined = testPassword,
) {
  const started = await post(
    agent,
    '/api/account/passkeys/options',
    password === undefined ? {} : { password },
  );
  expect(started.statusCode, started.body).toBe(200);
  const { options } = started.json<{ options: PublicKeyCredentialCreationOptionsJSON }>();
  return post(agent, '/api/account/passkeys', { name, response: device.register(options) });
}

async function signInOptions(agent: Agent, url = '/api/auth/passkey/options') {
  const started = await post(agent, url);
  expect(started.statusCode, started.body).toBe(200);
  return started.json<{ options: PublicKeyCredentialRequestOptionsJSON }>().options;
}

async function sessionOf(agent: Agent) {
  const answer = await get(agent, '/api/auth/session');
  return answer.json<{ user: { id: string } | null }>().user;
}

describe('adding passkeys', () => {
  it('adds a passkey with the password: listed, in the audit log, for this site only', async () => {
    const { user, agent, passkey } = await memberWithPasskey('Work laptop');
    const listed = await get(agent, '/api/account/passkeys');
    expect(listed.json()).toEqual({
      passkeys: [
        { id: passkey.id, name: 'Work laptop', createdAt: expect.any(String), backedUp: false },
      ],
    });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(entry).toMatchObject({ action: 'user.identity-link' });
    expect(JSON.stringify(entry?.after)).toContain('Passkey \\"Work laptop\\"');
  });

  it('the options are for this site and exclude the passkeys the member has', async () => {
    const { agent } = await memberWithPasskey();
    const started = await post(agent, '/api/account/passkeys/options', { password: testPassword });
    const { options } = started.json<{ options: PublicKeyCredentialCreationOptionsJSON }>();
    expect(options.rp).toMatchObject({ id: 'viewpoint.test' });
    expect(options.excludeCredentials).toHaveLength(1);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
  });

  it('asks the password of an account that has one, and refuses a wrong one', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const missing = await post(agent, '/api/account/passkeys/options', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Enter your current password');
    const wrong = await post(agent, '/api/account/passkeys/options', { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Current password is incorrect');
    expect(wrong.cookies.some((cookie) => cookie.name.includes('passkey_challenge'))).toBe(false);
  });

  it('an account without a password adds one within the hour of signing in, not later', async () => {
    const { user, agent } = await passwordlessMember();
    const device = softAuthenticator({ origin });
    expect((await addPasskey(agent, device, 'Phone', undefined)).statusCode).toBe(201);
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const late = await post(agent, '/api/account/passkeys/options', {});
    expect(late.statusCode).toBe(412);
  });

  it('refuses an answer to another challenge, a replayed one, a wrong origin and junk', async () => {
    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    const device = softAuthenticator({ origin });
    const first = await post(agent, '/api/account/passkeys/options', { password: testPassword });
    const stale = first.json<{ options: PublicKeyCredentialCreationOptionsJSON }>().options;
    await post(agent, '/api/account/passkeys/options', { password: testPassword });
    const before = await databaseDigest(t);
    // The first challenge was replaced: an answer to it is refused.
    const old = await post(agent, '/api/account/passkeys', {
      name: 'Old',
      response: device.register(stale),
    });
    expect(old.statusCode, old.body).toBe(400);
    // Its challenge is spent by the refusal: a second try must start again.
    const again = await post(agent, '/api/account/passkeys', {
      name: 'Again',
      response: device.register(stale),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/expired or was already used/);

    const foreign = softAuthenticator({ origin: 'http://evil.test', rpId: 'viewpoint.test' });
    const started = await post(agent, '/api/account/passkeys/options', { password: testPassword });
    const fresh = started.json<{ options: PublicKeyCredentialCreationOptionsJSON }>().options;
    const wrongOrigin = await post(agent, '/api/account/passkeys', {
      name: 'Evil',
      response: foreign.register(fresh),
    });
    expect(wrongOrigin.statusCode).toBe(400);

    const junk = await post(agent, '/api/account/passkeys', {
      name: 'Junk',
      response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
    });
    expect(junk.statusCode).toBe(400);
    const badName = await post(agent, '/api/account/passkeys', {
      name: '\u200b',
      response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
    });
    expect(badName.statusCode).toBe(400);
    const after = await databaseDigest(t);
    expect([after.passkeys, after.audit_log]).toEqual([before.passkeys, before.audit_log]);
  });

  it('needs a signed-in member', async () => {
    const agent = await visitor();
    const answer = await post(agent, '/api/account/passkeys/options', { password: testPassword });
    expect(answer.statusCode).toBe(401);
  });
});

/**
 * A member without a password (a provider's newcomer), signed in by a passkey put on their
 * account: another member's device adds it, and it moves over.
 */
async function passwordlessMember() {
  const user = await buildUser(db(), { emailVerified: true });
  await db()
    .insert(accounts)
    .values({ id: randomUUID(), accountId: 'ada', providerId: 'oidc', userId: user.id });
  const helper = await buildAccount(db());
  const device = softAuthenticator({ origin });
  expect((await addPasskey(await signIn(t.app, helper), device, 'Moved')).statusCode).toBe(201);
  await db().update(passkeys).set({ userId: user.id }).where(eq(passkeys.userId, helper.id));
  const browser = await visitor();
  const answer = await post(browser, '/api/auth/passkey', {
    response: device.authenticate(await signInOptions(browser)),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { user, agent: browser };
}

describe('signing in with a passkey', () => {
  it('signs in without a password, and the sessions list says how', async () => {
    const { user, device } = await memberWithPasskey();
    const browser = await visitor();
    const options = await signInOptions(browser);
    const answer = await post(browser, '/api/auth/passkey', {
      response: device.authenticate(options),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user).toMatchObject({ id: user.id, email: user.email });
    expect(await sessionOf(browser)).toMatchObject({ id: user.id });
    const listed = await get(browser, '/api/account/sessions');
    const current = listed
      .json<{ sessions: { current: boolean; signedInWith: string | null }[] }>()
      .sessions.find((session) => session.current);
    expect(current?.signedInWith).toBe('Passkey');
  });

  it('counts as both factors: a member with the second factor on is not asked for a code', async () => {
    const { user, agent, device } = await memberWithPasskey();
    await turnOnSecondFactor(agent);
    const browser = await visitor();
    const options = await signInOptions(browser);
    const answer = await post(browser, '/api/auth/passkey', {
      response: device.authenticate(options),
    });
    expect(answer.json()).toMatchObject({ user: { id: user.id, secondFactor: true } });
  });

  it('refuses a device that did not verify the person, a replay, a stranger and a wrong origin', async () => {
    const { device } = await memberWithPasskey();
    const browser = await visitor();
    const sessionsBefore = await db().$count(sessions);

    const unverified = await post(browser, '/api/auth/passkey', {
      response: device.authenticate(await signInOptions(browser), { userVerified: false }),
    });
    expect(unverified.statusCode, unverified.body).toBe(401);

    const options = await signInOptions(browser);
    const assertion = device.authenticate(options);
    const wrongOrigin = await post(browser, '/api/auth/passkey', {
      response: device.authenticate(await signInOptions(browser), { origin: 'http://evil.test' }),
    });
    expect(wrongOrigin.statusCode).toBe(401);
    // The challenge the assertion answered was replaced by a newer one, and then spent.
    const replayed = await post(browser, '/api/auth/passkey', { response: assertion });
    expect(replayed.statusCode).toBe(400);

    const stranger = softAuthenticator({ origin });
    stranger.register(strangerOptions());
    const unknown = await post(browser, '/api/auth/passkey', {
      response: stranger.authenticate(await signInOptions(browser)),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('This passkey is not known here.');

    const forged = device.authenticate(await signInOptions(browser));
    const tampered = await post(browser, '/api/auth/passkey', {
      response: {
        ...forged,
        response: { ...forged.response, signature: forged.response.authenticatorData },
      },
    });
    expect(tampered.statusCode).toBe(401);

    expect(await sessionOf(browser)).toBeNull();
    expect(await db().$count(sessions)).toBe(sessionsBefore);
  });

  it('the same answer signs in once', async () => {
    const { device } = await memberWithPasskey();
    const browser = await visitor();
    const assertion = device.authenticate(await signInOptions(browser));
    expect((await post(browser, '/api/auth/passkey', { response: assertion })).statusCode).toBe(
      200,
    );
    const other = await visitor();
    await signInOptions(other);
    const replay = await post(other, '/api/auth/passkey', { response: assertion });
    expect(replay.statusCode).toBe(401);
    expect(await sessionOf(other)).toBeNull();
  });

  it('a blocked member is told so, and signed into nothing', async () => {
    const { user, device } = await memberWithPasskey();
    await db().update(users).set({ banned: true, banReason: 'Spam' }).where(eq(users.id, user.id));
    const browser = await visitor();
    const answer = await post(browser, '/api/auth/passkey', {
      response: device.authenticate(await signInOptions(browser)),
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.details).toMatchObject({ blocked: { reason: 'Spam' } });
    expect(await sessionOf(browser)).toBeNull();
  });
});

function strangerOptions(): PublicKeyCredentialCreationOptionsJSON {
  return {
    challenge: 'c3RyYW5nZXI',
    rp: { id: 'viewpoint.test', name: 'Viewpoint' },
    user: { id: 'c3RyYW5nZXI', name: 'stranger', displayName: 'stranger' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  };
}

async function turnOnSecondFactor(agent: Agent) {
  const setup = await post(agent, '/api/account/second-factor/setup', { password: testPassword });
  const { key } = setup.json<{ key: string }>();
  const code = generateSync({ secret: key });
  const confirmed = await post(agent, '/api/account/second-factor/confirm', { code });
  expect(confirmed.statusCode, confirmed.body).toBe(204);
}

describe('a passkey in place of a code', () => {
  async function waitingSignIn(email: string) {
    const browser = await visitor();
    const first = await post(browser, '/api/auth/sign-in', { email, password: testPassword });
    expect(first.json()).toHaveProperty('secondFactor');
    return browser;
  }

  it('finishes a password sign-in, says so in the sessions list, and can trust the browser', async () => {
    const { user, agent, device } = await memberWithPasskey();
    await turnOnSecondFactor(agent);
    const browser = await waitingSignIn(user.email);
    const options = await signInOptions(browser, '/api/auth/second-factor/passkey/options');
    const answer = await post(browser, '/api/auth/second-factor/passkey', {
      response: device.authenticate(options),
      trustBrowser: true,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user).toMatchObject({ id: user.id });
    expect(await sessionOf(browser)).toMatchObject({ id: user.id });
    const listed = await get(browser, '/api/account/sessions');
    const current = listed
      .json<{ sessions: { current: boolean; signedInWith: string | null }[] }>()
      .sessions.find((session) => session.current);
    expect(current?.signedInWith).toBe('Password, then second factor');
    // Trusted: the next password sign-in in this browser is not asked again.
    await post(browser, '/api/auth/sign-out');
    const next = await post(browser, '/api/auth/sign-in', {
      email: user.email,
      password: testPassword,
    });
    expect(next.json()).toMatchObject({ user: { id: user.id } });
  });

  it("refuses another member's passkey, and the sign-in still waits", async () => {
    const { user, agent } = await memberWithPasskey();
    await turnOnSecondFactor(agent);
    const other = await memberWithPasskey();
    const browser = await waitingSignIn(user.email);
    const options = await signInOptions(browser, '/api/auth/second-factor/passkey/options');
    const answer = await post(browser, '/api/auth/second-factor/passkey', {
      response: other.device.authenticate(options),
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.message).toBe('That passkey belongs to another account.');
    expect(await sessionOf(browser)).toBeNull();
    expect(
      (await db().select().from(sessions).where(eq(sessions.userId, other.user.id))).length,
    ).toBe(1);
  });

  it('needs a sign-in waiting for its second factor, and a member with a passkey', async () => {
    const browser = await visitor();
    const none = await post(browser, '/api/auth/second-factor/passkey/options');
    expect(none.statusCode).toBe(401);

    const user = await buildAccount(db());
    const agent = await signIn(t.app, user);
    await turnOnSecondFactor(agent);
    const waiting = await waitingSignIn(user.email);
    const noPasskey = await post(waiting, '/api/auth/second-factor/passkey/options');
    expect(noPasskey.statusCode).toBe(412);
    expect(noPasskey.json().error.message).toMatch(/no passkey/);
  });
});

describe('removing passkeys', () => {
  it('removes one, and the audit log tells it', async () => {
    const { user, agent, passkey } = await memberWithPasskey();
    const removed = await agent.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${passkey.id}`,
      remoteAddress: addressOf(agent),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(agent, '/api/account/passkeys')).json()).toEqual({ passkeys: [] });
    const entries = await db().select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'user.identity-link',
      'user.identity-unlink',
    ]);
    const missing = await agent.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${passkey.id}`,
      remoteAddress: addressOf(agent),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a passkey that is the last way in stays', async () => {
    const { user, agent, passkey } = await memberWithPasskey();
    await db().delete(accounts).where(eq(accounts.userId, user.id));
    const refused = await agent.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${passkey.id}`,
      remoteAddress: addressOf(agent),
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.message).toMatch(/only way to sign in/);
    expect((await get(agent, '/api/account/passkeys')).json().passkeys).toHaveLength(1);
  });

  it("cannot remove another member's passkey", async () => {
    const owner = await memberWithPasskey();
    const { agent } = await memberWithPasskey();
    const answer = await agent.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${owner.passkey.id}`,
      remoteAddress: addressOf(agent),
    });
    expect(answer.statusCode).toBe(404);
    expect((await get(owner.agent, '/api/account/passkeys')).json().passkeys).toHaveLength(1);
  });
});
