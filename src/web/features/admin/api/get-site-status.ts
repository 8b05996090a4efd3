import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteStatusResponse } from '../../../../shared/status';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/admin/status: the services, the job queue, the backups and the warnings. */
export function getSiteStatus() {
  return apiFetch('/api/admin/status', siteStatusResponse);
}

export function siteStatusQueryOptions() {
  return queryOptions({ queryKey: queryKeys.adminStatus, queryFn: getSiteStatus });
}

/** Read again every 30 s while the page is open: it is what an operator watches. */
export function useSiteStatus() {
  return useQuery({ ...siteStatusQueryOptions(), refetchInterval: 30_000 });
}
