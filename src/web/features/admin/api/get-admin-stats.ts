import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatsResponse } from '../../../../shared/admin-stats';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/admin/stats: the dashboard's counts (donations null until there are any). */
export function getAdminStats() {
  return apiFetch('/api/admin/stats', adminStatsResponse);
}

export function adminStatsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.adminStats, queryFn: getAdminStats });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
