import { queryOptions, useQuery } from '@tanstack/react-query';
import { threadReadingResponse } from '../../../../shared/forum';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/forum/posts/:id/reading: how far the signed-in viewer read, and their watch level. */
export async function getReading(postId: number) {
  const { reading } = await apiFetch(`/api/forum/posts/${postId}/reading`, threadReadingResponse);
  return reading;
}

export function readingQueryOptions(postId: number) {
  return queryOptions({ queryKey: queryKeys.reading(postId), queryFn: () => getReading(postId) });
}

/** Visitors have no reading: `enabled` false fetches nothing. */
export function useReading(postId: number, enabled: boolean) {
  return useQuery({ ...readingQueryOptions(postId), enabled });
}
