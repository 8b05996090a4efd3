import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { sessionResponse, type SessionUser } from '../../shared/session';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/auth/session: the signed-in user, or null. */
export async function getSession(): Promise<SessionUser | null> {
  const { user } = await apiFetch('/api/auth/session', sessionResponse);
  return user;
}

/** How often an open tab re-checks its session, so a block or remote sign-out shows. */
export const SESSION_REFRESH_MS = 10_000;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.session,
    queryFn: getSession,
    staleTime: 5_000,
    refetchInterval: SESSION_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in user as the server last confirmed it (undefined while loading). */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Queries that say nothing about who is signed in, kept when the user changes. */
const publicQueries = new Set<unknown>([
  queryKeys.site[0],
  queryKeys.passwordPolicy[0],
  queryKeys.identityProviders[0],
]);

function removeUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== queryKeys.session[0] && !publicQueries.has(query.queryKey[0]),
  });
}

/**
 * A new user's session (sign-in, a followed email link): nothing fetched for whoever used this
 * browser before survives, and the session query holds the user the server answered with.
 */
export async function startSessionCache(queryClient: QueryClient, user: SessionUser) {
  // A poll already in flight could answer with the old session and undo this.
  await queryClient.cancelQueries({ queryKey: queryKeys.session });
  removeUserQueries(queryClient);
  queryClient.setQueryData(queryKeys.session, user);
}

/** Sign-out or a block: forget everything fetched for the user; keep the public site data. */
export async function forgetUserData(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: queryKeys.session });
  removeUserQueries(queryClient);
  queryClient.setQueryData(queryKeys.session, null);
}
