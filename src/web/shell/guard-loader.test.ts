import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, BLOCKED_KEY } from './auth-state';
import { guardLoader } from './guard-loader';
import { toast } from './toast-store';
import { buildUser } from '../test/factories';

const ann = buildUser();

/** The server is outside these tests: GET /api/auth/session answers what `answer` gives. */
function stubSession(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((path: string) =>
    path === '/api/auth/session' ? answer() : Promise.resolve(new Response(null, { status: 404 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// No retries: a failed session read is the test's subject, not something to wait out.
const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function toastSummaries() {
  return toast.getToasts().map(({ title, description, color }) => ({ title, description, color }));
}

describe('guardLoader', () => {
  afterEach(() => {
    toast.clear();
    authState.signOut();
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('waits for the session on a deep link before deciding', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubSession(() => new Promise((resolve) => (answer = resolve)));
    const loader = guardLoader(
      { requiresAuth: true, requiresVerifiedEmail: true },
      newQueryClient(),
    );

    const result = loader({ request: new Request('http://localhost/add-new') });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // Still undecided while the session is unanswered.
    const pending = Symbol('pending');
    expect(await Promise.race([result, Promise.resolve(pending)])).toBe(pending);

    answer(Response.json({ user: ann }));

    expect(await result).toBeNull();
    expect(toastSummaries()).toEqual([]);
    expect(authState.getState()).toMatchObject({ isUser: true, user: { uid: 'u1' } });
  });

  it('asks the server once; later navigations use the cached session', async () => {
    const fetchMock = stubSession(() => Promise.resolve(Response.json({ user: ann })));
    const queryClient = newQueryClient();
    const loader = guardLoader({ requiresAuth: true }, queryClient);

    await loader({ request: new Request('http://localhost/user-profile') });
    await loader({ request: new Request('http://localhost/user-profile') });

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the toast and redirects an anonymous visitor of /admin to the login page', async () => {
    stubSession(() => Promise.resolve(Response.json({ user: null })));
    const loader = guardLoader({ requiresAuth: true, requiresAdmin: true }, newQueryClient());

    const result = await loader({ request: new Request('http://localhost/admin') });

    expect(result).toBeInstanceOf(Response);
    expect(result?.status).toBe(302);
    expect(result?.headers.get('Location')).toBe('/auth/login?redirect=%2Fadmin');
    expect(toastSummaries()).toEqual([
      {
        title: 'Authentication Required',
        description: 'Please log in to continue',
        color: 'yellow',
      },
    ]);
  });

  it('a session that cannot be read is the catalogue’s authentication error', async () => {
    stubSession(() =>
      Promise.resolve(
        Response.json({ error: { code: 'unavailable', message: 'Restarting' } }, { status: 503 }),
      ),
    );
    const loader = guardLoader({ requiresAuth: true }, newQueryClient());

    const result = await loader({ request: new Request('http://localhost/user-profile') });

    expect(result?.headers.get('Location')).toBe('/');
    expect(toastSummaries()).toEqual([
      { title: 'Error', description: 'Authentication error occurred', color: 'red' },
    ]);
  });

  it('a blocked account goes to Account Blocked, signed out, with the block kept', async () => {
    const block = { reason: 'Harassment', until: null };
    stubSession(() =>
      Promise.resolve(
        Response.json(
          { error: { code: 'permission-denied', message: 'Blocked', details: { blocked: block } } },
          { status: 403 },
        ),
      ),
    );
    authState.signIn({
      uid: 'u1',
      name: 'Ann',
      username: 'ann',
      emailVerified: true,
      role: 'user',
    });
    const loader = guardLoader({ requiresAuth: true }, newQueryClient());

    const result = await loader({ request: new Request('http://localhost/user-profile') });

    expect(result?.headers.get('Location')).toBe('/account-blocked');
    expect(authState.getState().isUser).toBe(false);
    expect(JSON.parse(window.sessionStorage.getItem(BLOCKED_KEY) ?? 'null')).toEqual(block);
    expect(toastSummaries()).toEqual([]);
  });
});
