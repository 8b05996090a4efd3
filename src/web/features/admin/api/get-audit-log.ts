import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { auditListResponse } from '../../../../shared/audit-log';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** The audit log's filters as the URL and the API spell them; absent ones are undefined. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
}

export const auditFilterNames = ['actor', 'action', 'targetType', 'targetId'] as const;

/** The filters as a query string: the API's and the page's URL are spelled the same. */
export function auditSearch(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of auditFilterNames) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** GET /api/audit: one page of entries, newest first, matching `filters`. */
export function getAuditLog(filters: AuditFilters, cursor: string | null) {
  const params = auditSearch(filters);
  if (cursor !== null) params.set('cursor', cursor);
  const search = params.toString();
  return apiFetch(`/api/audit${search === '' ? '' : `?${search}`}`, auditListResponse);
}

export function auditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.auditList({ ...filters }),
    queryFn: ({ pageParam }) => getAuditLog(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A new filter keeps the old rows on screen (dimmed) until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
