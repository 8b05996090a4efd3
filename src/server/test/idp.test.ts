import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdp, type TestIdp } from './idp.js';

const redirectUri = 'http://site.test/api/auth/callback/oidc';
let idp: TestIdp;
let discovery: {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
};

beforeAll(async () => {
  idp = await startIdp({
    redirectUris: [redirectUri],
    accounts: [{ sub: 'ada', email: 'ada@idp.test', emailVerified: true, name: 'Ada' }],
  });
  discovery = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json();
});
afterAll(() => idp.close());

/** An authorization address as a site builds it: PKCE S256, state and nonce. */
function authorizationUrl(overrides: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(discovery.authorization_endpoint);
  const params = {
    client_id: idp.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { url: url.toString(), verifier };
}

const exchange = (code: string, verifier: string) =>
  fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${idp.clientId}:${idp.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });

const verify = (token: string) =>
  jwtVerify(token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
    issuer: idp.issuer,
    audience: idp.clientId,
  });

describe('the test identity provider', () => {
  it('publishes its discovery document', () => {
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.token_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('runs the code flow: a signed ID token with the address and nonce; a code works once', async () => {
    const { url, verifier } = authorizationUrl();
    const back = await idp.authorize(url, 'ada');
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code') ?? '';
    const tokens = (await (await exchange(code, verifier)).json()) as { id_token: string };
    const { payload } = await verify(tokens.id_token);
    expect(payload).toMatchObject({
      sub: 'ada',
      email: 'ada@idp.test',
      email_verified: true,
      nonce: 'nonce-1',
      name: 'Ada',
    });
    const replay = await exchange(code, verifier);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('sends back access_denied when the person cancels', async () => {
    const back = await idp.authorize(authorizationUrl().url, 'ada', { deny: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-1');
  });

  it('refuses a redirect address it does not know', async () => {
    const { url } = authorizationUrl({ redirect_uri: 'http://elsewhere.test/callback' });
    await expect(idp.authorize(url, 'ada')).rejects.toThrow(/Test IdP answered 400/);
  });

  it('tampers with the next ID token only; a stranger-signed one fails verification', async () => {
    idp.tamperNextIdToken((claims) => ({ ...claims, aud: 'someone-else' }));
    const first = authorizationUrl();
    const one = await idp.authorize(first.url, 'ada');
    const tampered = (await (
      await exchange(one.searchParams.get('code') ?? '', first.verifier)
    ).json()) as { id_token: string };
    await expect(verify(tampered.id_token)).rejects.toThrow(/aud/);
    const second = authorizationUrl();
    const two = await idp.authorize(second.url, 'ada');
    const clean = (await (
      await exchange(two.searchParams.get('code') ?? '', second.verifier)
    ).json()) as { id_token: string };
    await expect(verify(clean.id_token)).resolves.toBeTruthy();

    idp.tamperNextIdToken((claims) => claims, { signedBy: 'stranger' });
    const third = authorizationUrl();
    const three = await idp.authorize(third.url, 'ada');
    const forged = (await (
      await exchange(three.searchParams.get('code') ?? '', third.verifier)
    ).json()) as { id_token: string };
    await expect(verify(forged.id_token)).rejects.toThrow(/signature/);
  });
});
