import { vi } from 'vitest';
import type { PasswordPolicy, SessionUser } from '../../../../shared/accounts';
import type { ErrorCode } from '../../../../shared/errors';

/**
 * A stand-in for the server, outside the web app: `fetch` answers like the accounts API
 * contract (docs in /work/briefs/accounts-api.md). Tests override single routes.
 */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = (call: ApiCall) => Response | Promise<Response>;

export const site = { name: 'Viewpoint', description: 'Films and the people who love them.' };

export const policy: PasswordPolicy = {
  minLength: 10,
  maxLength: 128,
  rules: [
    { id: 'min-length', description: 'At least 10 characters' },
    { id: 'max-length', description: 'At most 128 characters' },
    { id: 'not-common', description: 'Not one of the passwords people use most' },
    { id: 'not-personal', description: 'Does not contain your email address or username' },
  ],
};

export function aUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-ann',
    name: 'Ann Lee',
    username: 'ann',
    email: 'ann@example.com',
    emailVerified: true,
    role: 'user',
    image: null,
    createdAt: '2025-01-01T10:00:00.000Z',
    mute: null,
    ...overrides,
  };
}

export function errorAnswer(status: number, code: ErrorCode, message: string, details?: unknown) {
  const error = { code, message, ...(details === undefined ? {} : { details }) };
  return Response.json({ error }, { status });
}

export const noContent = () => new Response(null, { status: 204 });

const defaults: Record<string, Answer> = {
  'GET /api/site': () => Response.json(site),
  'GET /api/auth/session': () => Response.json({ user: null }),
  'GET /api/auth/password-policy': () => Response.json(policy),
  'POST /api/auth/sign-out': noContent,
};

function urlOf(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

/** Stubs the global fetch; `routes` maps 'METHOD /path' to an answer. */
export function stubAccountsApi(routes: Record<string, Answer> = {}) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { pathname } = urlOf(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: pathname, body };
    calls.push(call);
    const answer = routes[`${method} ${pathname}`] ?? defaults[`${method} ${pathname}`];
    return answer ? answer(call) : errorAnswer(404, 'not-found', `${method} ${pathname} not found`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
