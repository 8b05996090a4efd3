import { vi } from 'vitest';
import type { AdminUser, SessionUser } from '../../shared/accounts';
import type { ErrorCode } from '../../shared/errors';
import type { Comment, PostDetail } from '../../shared/forum';
import { defaultDeliveries, type ThreadReading } from '../../shared/notifications';
import {
  buildActiveSession,
  buildCategories,
  buildProfile,
  buildReading,
  buildUser,
  passwordPolicy,
  site,
} from './factories';

/** Tests only: a stand-in for the server, answering fetch per the API's contract. */
export interface ApiCall {
  method: string;
  /** Path without the query string: the key routes are matched on. */
  path: string;
  search: URLSearchParams;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

/** Handlers keyed "METHOD /path"; tests may replace one mid-test to change the answer. */
export type ApiRoutes = Record<string, ApiHandler>;

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function apiError(status: number, code: ErrorCode, message: string, details?: unknown) {
  return json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, status);
}

/** The session answer: `user` signed in, or nobody. */
export function sessionOf(user: SessionUser | null): ApiRoutes {
  return { 'GET /api/auth/session': () => json({ user }) };
}

/** Thread `post` and its `replies` (one page), as its page reads them; `reading` for members. */
export function threadRoutes(
  post: PostDetail,
  replies: Comment[] = [],
  reading: ThreadReading = buildReading(),
): ApiRoutes {
  return {
    [`GET /api/forum/posts/${post.id}`]: () => json({ post }),
    [`GET /api/forum/posts/${post.id}/comments`]: () =>
      json({ items: replies, nextCursor: null, total: replies.length }),
    [`GET /api/forum/posts/${post.id}/reading`]: () => json({ reading }),
  };
}

/** The users directory listing `users` (one page), as `viewer` sees it. */
export function usersDirectoryRoutes(viewer: SessionUser, users: AdminUser[]): ApiRoutes {
  return { ...sessionOf(viewer), 'GET /api/users': () => json({ users, nextCursor: null }) };
}

/** What /user-profile reads for `user`: their sessions, profile details, reports and gifts. */
export function profilePageRoutes(user: SessionUser = buildUser()): ApiRoutes {
  return {
    ...sessionOf(user),
    'GET /api/account/sessions': () =>
      json({
        sessions: [
          buildActiveSession({ id: 's1', current: true }),
          buildActiveSession({ id: 's2', device: 'Safari on iPhone', ipAddress: '10.0.0.2' }),
        ],
      }),
    'GET /api/account/profile': () => json({ profile: buildProfile() }),
    'GET /api/reports/mine': () => json({ items: [], nextCursor: null }),
    'GET /api/notifications/settings': () => json({ settings: defaultDeliveries }),
    'GET /api/donations/monthly': () => json({ gifts: [] }),
    'GET /api/account/second-factor': () => json({ enabled: false, recoveryCodesLeft: null }),
    'GET /api/account/passkeys': () => json({ passkeys: [] }),
    'GET /api/account/identities': () =>
      json({ providers: testProviders.providers, identities: [], password: true }),
  };
}

/** The identity providers of a site that set up one (GET /api/auth/providers). */
export const testProviders = {
  providers: [{ id: 'oidc' as const, name: 'Test IdP' }],
  origin: 'http://localhost:3000',
};
/**
 * The WebAuthn options the passkey endpoints answer with (`{ options }`): what the server would
 * hand the browser's prompt, which the tests fake.
 */
export const testPasskeyOptions = {
  creation: {
    challenge: 'Y3JlYXRlLWNoYWxsZW5nZQ',
    rp: { name: 'Viewpoint', id: 'localhost' },
    user: { id: 'dTE', name: 'ann@example.com', displayName: 'Ann Lee' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    excludeCredentials: [],
  },
  request: { challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U', rpId: 'localhost', allowCredentials: [] },
};

/** A site that set up none: the sign-in pages show no "Continue with …". */
const noProviders = { providers: [], origin: 'http://localhost:3000' };

/**
 * What any page may ask besides the test's own routes: the site, a signed-out session, the
 * password policy, the forum's categories, and a signed-in member's bell (nothing unread).
 */
const defaults: ApiRoutes = {
  'GET /api/site': () => json(site),
  ...sessionOf(null),
  'GET /api/auth/password-policy': () => json(passwordPolicy),
  'GET /api/auth/providers': () => json(noProviders),
  'POST /api/auth/sign-out': noContent,
  'GET /api/forum/categories': () => json({ categories: buildCategories() }),
  'GET /api/notifications/unread-count': () => json({ unreadCount: 0 }),
};

function parseBody(body: RequestInit['body']): unknown {
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

/** Replaces the global fetch; every call is recorded, unknown routes answer 404. */
export function stubApi(routes: ApiRoutes = {}) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const call: ApiCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.searchParams,
      body: parseBody(init.body),
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const handler = routes[key] ?? defaults[key];
    if (!handler) {
      return Promise.resolve(apiError(404, 'not-found', `No fake for ${key}`));
    }
    return Promise.resolve(handler(call));
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/** An answer that waits until the test gives it: for what happens while a call is in flight. */
export function answerLater() {
  let give: (response: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => (give = resolve));
  return { handler: () => answer, give };
}
