import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityProvider, LinkedIdentity } from '../../../../shared/accounts.js';
import { AppError, notFound } from '../../../../shared/errors.js';
import type { AccountSettings } from '../settings.js';
import type { Db } from '../../../platform/db/database.js';
import type { Viewer } from '../../../core/viewer.js';
import type { Auth } from '../better-auth/auth.js';
import { authErrorCode, callAuth } from '../better-auth/auth-errors.js';
import * as repo from '../repo.js';
import { authHeaders, forwardCookies } from '../sessions/session-viewer.js';
import { cookieValue, flowCookiePath, flowSeconds, rememberWayIn } from '../better-auth/ways-in.js';

/**
 * Signing in with an account people already have (GitHub, Google, any OpenID Connect issuer),
 * and the identities linked to an account (decision 051). Better Auth does the exchange: the
 * state bound to this browser, PKCE, the ID token's signature, issuer, audience, expiry and
 * nonce. The rules here are ours:
 * - an identity whose address matches an account never signs into it: its owner signs in
 *   another way first, then links it (a provider's unverified address never links);
 * - a newcomer gets an account and a username made up from the provider's profile to confirm;
 * - the last way into an account cannot be unlinked.
 */

/** Where every sign-in through a provider ends, in its popup or in the page (the web app). */
const providerDonePath = '/auth/provider-done';

/** Remembers, for this browser, where a provider sign-in goes once a second factor is given. */
const flowCookie = 'vp.provider-flow';

/**
 * Whether the two-factor plugin replaced the callback's redirect with its own answer (JSON,
 * keeping the redirect's status): the session was ended and waits for the second factor.
 */
async function waitsForCode(response: Response): Promise<boolean> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return false;
  const body = (await response.json().catch(() => null)) as { twoFactorRedirect?: unknown } | null;
  return body?.twoFactorRedirect === true;
}

/** A local path to go to afterwards; anything else (another site, a scheme) goes home. */
function localPath(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return '/';
  }
  return target;
}

const doneUrl = (params: Record<string, string>) =>
  `${providerDonePath}?${new URLSearchParams(params).toString()}`;

/** Better Auth's callback errors, in the words the site's sign-in pages show (web: providers). */
const errorsShown = new Set([
  'account_not_linked',
  'email_not_found',
  'state_mismatch',
  'state_not_found',
  'please_restart_the_process',
  'invalid_code',
  'unable_to_get_user_info',
  'access_denied',
  'unauthorized_client',
  'redirect_uri_mismatch',
  'BANNED_USER',
  'banned',
  'unable_to_link_account',
  "email_doesn't_match",
  'account_already_linked_to_different_user',
]);

export function createIdentitiesService(deps: { auth: Auth; db: Db; config: AccountSettings }) {
  const { auth, db, config } = deps;
  const secure = config.publicUrl.protocol === 'https:';
  const providers: IdentityProvider[] = config.identityProviders.map(({ id, name }) => ({
    id,
    name,
  }));
  const nameOf = (id: string) => providers.find((provider) => provider.id === id)?.name ?? id;

  function providerOf(id: string): IdentityProvider {
    const provider = providers.find((known) => known.id === id);
    if (!provider) throw notFound('identity provider');
    return provider;
  }

  function rememberFlow(reply: FastifyReply, done: string): void {
    void reply.setCookie(flowCookie, done, {
      path: flowCookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: flowSeconds,
    });
  }

  return {
    providers: () => providers,

    /** A session's signedInWith in words: "GitHub", "Password, then second factor". */
    describeWayIn(label: string | null): string | null {
      if (!label) return null;
      const [first = '', second] = label.split('+');
      const words =
        first === 'password'
          ? 'Password'
          : first === 'email-link'
            ? 'Emailed link'
            : first === 'sign-in'
              ? 'Sign-in'
              : first === 'passkey'
                ? 'Passkey'
                : nameOf(first);
      return second ? `${words}, then second factor` : words;
    },

    /** Where the browser goes to sign in with `providerId`, then back to `redirect`. */
    async startSignIn(
      request: FastifyRequest,
      reply: FastifyReply,
      providerId: string,
      options: { redirect?: string; popup?: '1' },
    ): Promise<string> {
      const provider = providerOf(providerId);
      const to = localPath(options.redirect);
      const popup: Record<string, string> = options.popup ? { popup: '1' } : {};
      const done = doneUrl({ provider: provider.id, to, ...popup });
      const { headers, response } = await callAuth(() =>
        auth.api.signInSocial({
          body: {
            provider: provider.id,
            callbackURL: done,
            errorCallbackURL: done,
            newUserCallbackURL: doneUrl({ provider: provider.id, to, ...popup, new: '1' }),
            disableRedirect: true,
          },
          headers: authHeaders(request),
          returnHeaders: true,
        }),
      );
      if (!response.url) throw new AppError('unavailable', `${provider.name} cannot be reached`);
      forwardCookies(reply, headers);
      rememberFlow(reply, done);
      return response.url;
    },

    /**
     * The provider's answer: Better Auth checks it and signs in, creates or links; we answer
     * where the browser goes next (the done page, with `error`, `new` or `secondFactor`).
     */
    async finish(
      request: FastifyRequest,
      reply: FastifyReply,
      providerId: string,
      query: Record<string, string>,
    ): Promise<string> {
      const done = cookieValue(request.headers.cookie ?? '', flowCookie);
      const fallback = doneUrl({ provider: providerId, to: '/' });
      const back = done?.startsWith(`${providerDonePath}?`) ? done : fallback;
      let response: Response;
      try {
        response = await auth.api.callbackOAuth({
          params: { id: providerId },
          query,
          headers: authHeaders(request),
          asResponse: true,
        });
      } catch (error) {
        request.log.warn({ err: error, provider: providerId }, 'provider sign-in failed');
        return `${back}&error=${encodeURIComponent(authErrorCode(error) ?? 'sign_in_failed')}`;
      }
      forwardCookies(reply, response.headers);
      void reply.clearCookie(flowCookie, { path: flowCookiePath });
      if (await waitsForCode(response)) {
        // The two-factor plugin answered instead of the redirect: the session waits for a code.
        rememberWayIn(reply, providerId, secure);
        return `${back}&secondFactor=1`;
      }
      const location = response.headers.get('location');
      if (!location) return `${back}&error=sign_in_failed`;
      const next = new URL(location, config.publicUrl);
      if (next.origin !== config.publicUrl.origin) return `${back}&error=sign_in_failed`;
      const error = next.searchParams.get('error');
      if (error && !errorsShown.has(error)) {
        request.log.warn({ provider: providerId, error }, 'provider sign-in refused');
        next.searchParams.set('error', 'sign_in_failed');
      }
      return `${next.pathname}${next.search}`;
    },

    /** The identities linked to the member's account, and whether a password is one way in. */
    async identities(viewer: Viewer) {
      const rows = await repo.identitiesOf(db, viewer.id);
      const linked: LinkedIdentity[] = rows
        .filter((row) => row.providerId !== 'credential')
        .map((row) => ({
          provider: row.providerId,
          name: nameOf(row.providerId),
          linkedAt: row.createdAt.toISOString(),
        }));
      return {
        providers,
        identities: linked,
        password: rows.some((row) => row.providerId === 'credential'),
      };
    },

    /** Where the browser goes to prove it holds `providerId`'s identity, linked on return. */
    async startLink(
      request: FastifyRequest,
      reply: FastifyReply,
      providerId: string,
      popup: boolean,
    ): Promise<string> {
      const provider = providerOf(providerId);
      const done = doneUrl({
        provider: provider.id,
        to: '/user-profile#identities',
        link: '1',
        ...(popup ? { popup: '1' } : {}),
      });
      const { headers, response } = await callAuth(() =>
        auth.api.linkSocialAccount({
          body: { provider: provider.id, callbackURL: done, errorCallbackURL: done },
          headers: authHeaders(request),
          returnHeaders: true,
        }),
      );
      forwardCookies(reply, headers);
      rememberFlow(reply, done);
      return response.url;
    },

    /** Removes a linked identity, unless it is the last way into the account. */
    async unlink(viewer: Viewer, providerId: string): Promise<void> {
      const rows = await repo.identitiesOf(db, viewer.id);
      const identity = rows.find((row) => row.providerId === providerId);
      if (!identity || providerId === 'credential') throw notFound('linked identity');
      // One statement checks and removes, so two unlinks at once never leave no way in.
      if (!(await repo.unlinkIdentity(db, viewer.id, providerId, nameOf(providerId)))) {
        throw new AppError(
          'failed-precondition',
          `${nameOf(providerId)} is your only way to sign in: set a password or link another account first`,
        );
      }
    },
  };
}

export type IdentitiesService = ReturnType<typeof createIdentitiesService>;
