import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mentionSuggestResponse } from '../../shared/notifications';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';
import type { z } from 'zod';

export type SuggestedMember = z.infer<typeof mentionSuggestResponse>['members'][number];

/** GET /api/users/suggest: up to 8 members whose username starts with `prefix`. */
export async function suggestMembers(prefix: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ q: prefix });
  const { members } = await apiFetch(
    `/api/users/suggest?${params.toString()}`,
    mentionSuggestResponse,
    { signal },
  );
  return members;
}

export function memberSuggestionsQueryOptions(prefix: string) {
  return queryOptions({
    queryKey: queryKeys.memberSuggestions(prefix.toLowerCase()),
    queryFn: ({ signal }) => suggestMembers(prefix, signal),
    // Members join rarely: a prefix typed again within a minute needs no new answer.
    staleTime: 60_000,
    // The last answer stays listed while the next letter's loads, instead of a flicker.
    placeholderData: keepPreviousData,
  });
}

/** Signed-in members only: `enabled` false (visitors, no letters yet) fetches nothing. */
export function useMemberSuggestions(prefix: string, enabled: boolean) {
  return useQuery({ ...memberSuggestionsQueryOptions(prefix), enabled });
}
