import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { userListResponse, type userSorts, type userStatuses } from '../../../../shared/accounts';
import type { Role } from '../../../../shared/roles';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** What the member list is narrowed and ordered by; '' is "any". */
export interface UserFilters {
  q: string;
  role: Role | '';
  status: (typeof userStatuses)[number] | '';
  sort: (typeof userSorts)[number];
}

export const noUserFilters: UserFilters = { q: '', role: '', status: '', sort: 'newest' };

/** GET /api/users: one page of accounts matching the filters, with the next page's cursor. */
export function getUsers({ filters, cursor }: { filters: UserFilters; cursor: string | null }) {
  const params = new URLSearchParams();
  if (filters.q !== '') params.set('q', filters.q);
  if (filters.role !== '') params.set('role', filters.role);
  if (filters.status !== '') params.set('status', filters.status);
  // The server's default order is left out, so the plain list's URL stays plain.
  if (filters.sort !== noUserFilters.sort) params.set('sort', filters.sort);
  if (cursor !== null) params.set('cursor', cursor);
  const search = params.toString();
  return apiFetch(`/api/users${search === '' ? '' : `?${search}`}`, userListResponse);
}

export function usersQueryOptions(filters: UserFilters) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.adminUsers, 'list', filters],
    queryFn: ({ pageParam }) => getUsers({ filters, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Keep showing the last answer while a new search loads, instead of a blank table.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserFilters) {
  return useInfiniteQuery(usersQueryOptions(filters));
}
