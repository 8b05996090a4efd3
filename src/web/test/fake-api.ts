import { vi } from 'vitest';

/** Tests only: a stand-in for the server, answering fetch per the accounts API contract. */
export interface ApiCall {
  method: string;
  /** Path without the query string: the key routes are matched on. */
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** Handlers keyed "METHOD /path"; tests may replace one mid-test to change the answer. */
export type ApiRoutes = Record<string, (call: ApiCall) => Response | Promise<Response>>;

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function apiError(status: number, code: string, message: string, details?: unknown) {
  return json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, status);
}

function parseBody(body: RequestInit['body']): unknown {
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

/** Replaces the global fetch; every call is recorded, unknown routes answer 404. */
export function stubApi(routes: ApiRoutes) {
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
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) {
      return Promise.resolve(apiError(404, 'not-found', `No fake for ${call.method} ${call.path}`));
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
