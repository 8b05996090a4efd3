import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeSessionsResponse } from '../../../../shared/accounts';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/account/sessions: every device signed in to this account. */
export async function getActiveSessions() {
  const { sessions } = await apiFetch('/api/account/sessions', activeSessionsResponse);
  return sessions;
}

export function activeSessionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.activeSessions, queryFn: getActiveSessions });
}

export function useActiveSessions() {
  return useQuery(activeSessionsQueryOptions());
}
