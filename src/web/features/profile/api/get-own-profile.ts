import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileDetailsResponse } from '../../../../shared/profiles';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/account/profile: the signed-in user's own profile, as others see it. */
export async function getOwnProfile() {
  const { profile } = await apiFetch('/api/account/profile', profileDetailsResponse);
  return profile;
}

export function ownProfileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.ownProfile, queryFn: getOwnProfile });
}

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions());
}
