import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { userListResponse } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/users: one page of accounts matching `q`, with the cursor of the next page. */
export function getUsers({ q, cursor }: { q: string; cursor: string | null }) {
  const params = new URLSearchParams();
  if (q !== '') params.set('q', q);
  if (cursor !== null) params.set('cursor', cursor);
  const search = params.toString();
  return apiFetch(`/api/users${search === '' ? '' : `?${search}`}`, userListResponse);
}

export function usersQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.adminUsers, { q }],
    queryFn: ({ pageParam }) => getUsers({ q, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Keep showing the last answer while a new search loads, instead of a blank table.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(q: string) {
  return useInfiniteQuery(usersQueryOptions(q));
}
