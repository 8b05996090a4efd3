import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicProfileResponse } from '../../../../shared/profiles';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/profiles/:username: anyone's public profile; 404 for an unknown username. */
export async function getPublicProfile(username: string) {
  const { profile } = await apiFetch(
    `/api/profiles/${encodeURIComponent(username)}`,
    publicProfileResponse,
  );
  return profile;
}

export function publicProfileQueryOptions(username: string) {
  return queryOptions({
    queryKey: queryKeys.profile(username),
    queryFn: () => getPublicProfile(username),
  });
}

export function usePublicProfile(username: string) {
  return useQuery(publicProfileQueryOptions(username));
}
