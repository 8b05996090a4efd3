import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a local port: it stands in for
 * Keycloak, Google and the like in the tests and for `npm run dev:idp`. Discovery, the code flow
 * with PKCE, signed ID tokens carrying the address, single-use codes: all the provider's own.
 * Its sign-in page lists the people it knows, so one click signs in; it never asks for consent.
 */

export interface IdpAccount {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  preferredUsername?: string;
  picture?: string;
}

export interface TestIdp {
  /** e.g. http://127.0.0.1:54321: the `iss` of its tokens and the discovery base. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  addAccount(account: IdpAccount): void;
  /**
   * Follows an authorization address as a browser would (its own cookies), signs in as `sub`
   * (or cancels, with `deny`), and answers the address the provider sends the browser back to,
   * without requesting it. A provider that shows an error page instead (an unknown redirect
   * address, say) makes it throw.
   */
  authorize(authorizationUrl: string, sub: string, options?: { deny?: boolean }): Promise<URL>;
  /**
   * The next token answer carries an ID token with changed claims, signed with the provider's
   * key, or with a stranger's key of the same kid (so its signature fails).
   */
  tamperNextIdToken(
    change: (claims: Record<string, unknown>) => Record<string, unknown>,
    options?: { signedBy?: 'provider' | 'stranger' },
  ): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The page the provider shows to sign in: each known person is one button. */
function signInPage(uid: string, accounts: Iterable<IdpAccount>): string {
  const people = [...accounts]
    .map(
      (account) => `<form method="post" action="/interaction/${uid}/login">
  <input type="hidden" name="sub" value="${escapeHtml(account.sub)}">
  <button type="submit">Continue as ${escapeHtml(account.name ?? account.sub)}${account.email ? ` (${escapeHtml(account.email)})` : ''}</button>
</form>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to Test IdP</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.4rem 0;padding:.6rem;font-size:1rem}label{display:block;margin:.4rem 0}input[type=text],input[type=email]{width:100%;padding:.4rem}</style>
</head><body><main>
<h1>Sign in to Test IdP</h1>
${people}
<h2>Someone new</h2>
<form method="post" action="/interaction/${uid}/login">
  <label>Email <input type="email" name="email" required></label>
  <label>Name <input type="text" name="name"></label>
  <label><input type="checkbox" name="verified" value="1" checked> Email verified</label>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

export async function startIdp(options: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
  accounts?: IdpAccount[];
}): Promise<TestIdp> {
  const clientId = options.clientId ?? 'viewpoint-test';
  const clientSecret = options.clientSecret ?? 'viewpoint-test-secret-0123456789';
  const accounts = new Map<string, IdpAccount>();
  for (const account of options.accounts ?? []) accounts.set(account.sub, account);

  const kid = 'test-idp-key';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  let tamper:
    | { change: (claims: Record<string, unknown>) => Record<string, unknown>; stranger: boolean }
    | undefined;

  // The port is needed for the issuer before the provider exists.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-idp-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'picture'],
    },
    // The ID token carries the address and name (the site reads them from it).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Test IdP error</title><h1>${escapeHtml(String(out.error))}</h1><p>${escapeHtml(String(out.error_description ?? ''))}</p>`;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          ...(account.email
            ? { email: account.email, email_verified: account.emailVerified ?? false }
            : {}),
          ...(account.name ? { name: account.name } : {}),
          ...(account.preferredUsername ? { preferred_username: account.preferredUsername } : {}),
          ...(account.picture ? { picture: account.picture } : {}),
        }),
      };
    },
    // Every scope asked is granted at once: one sign-in is one page, no consent prompt.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { session, client } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  // A test's tampered ID token replaces the real one in the next token answer.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !tamper || typeof body?.id_token !== 'string') return;
    const { change, stranger } = tamper;
    tamper = undefined;
    const key = stranger ? (await generateKeyPair('RS256')).privateKey : privateKey;
    body.id_token = await new SignJWT(change(decodeJwt(body.id_token)))
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(key);
  });

  const handleProvider = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|cancel))?$/.exec(
      (req.url ?? '').split('?')[0] ?? '',
    );
    if (!match) return void handleProvider(req, res);
    void (async () => {
      try {
        const [, uid = '', action] = match;
        if (req.method === 'GET' && !action) {
          await provider.interactionDetails(req, res);
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(signInPage(uid, accounts.values()));
          return;
        }
        if (req.method !== 'POST') throw new Error('method not allowed');
        const form = await readForm(req);
        if (action === 'cancel') {
          await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'The person cancelled' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        let sub = form.get('sub') ?? '';
        const email = form.get('email');
        if (!sub && email) {
          sub = email;
          accounts.set(sub, {
            sub,
            email,
            emailVerified: form.get('verified') === '1',
            name: form.get('name') || email.split('@')[0],
          });
        }
        if (!accounts.has(sub)) throw new Error('unknown person');
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: sub } },
          {
            mergeWithLastSubmission: false,
          },
        );
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Test IdP: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => void accounts.set(account.sub, account),
    tamperNextIdToken: (change, tamperOptions) => {
      tamper = { change, stranger: tamperOptions?.signedBy === 'stranger' };
    },
    async authorize(authorizationUrl, sub, authorizeOptions) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      let method = 'GET';
      let body: URLSearchParams | undefined;
      for (let hop = 0; hop < 12; hop += 1) {
        if (url.origin !== issuer) return url;
        const res = await fetch(url, {
          method,
          body,
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const [name = '', ...value] = pair.split('=');
          jar.set(name.trim(), value.join('='));
        }
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          url = new URL(location, url);
          method = 'GET';
          body = undefined;
          continue;
        }
        const match = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
        if (res.status === 200 && match) {
          await res.text();
          url = new URL(
            `/interaction/${match[1]}/${authorizeOptions?.deny ? 'cancel' : 'login'}`,
            issuer,
          );
          method = 'POST';
          body = new URLSearchParams({ sub });
          continue;
        }
        throw new Error(`Test IdP answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      }
      throw new Error('Test IdP: too many redirects');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
