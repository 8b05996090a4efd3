import { queryOptions, useQuery } from '@tanstack/react-query';
import { postResponse } from '../../shared/forum';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/forum/posts/:id: the thread with its rendered body and what the viewer may do. */
export async function getPost(id: number) {
  const { post } = await apiFetch(`/api/forum/posts/${id}`, postResponse);
  return post;
}

export function postQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.post(id), queryFn: () => getPost(id) });
}

/** `null` (an id that is not one) fetches nothing. */
export function usePost(id: number | null) {
  return useQuery({ ...postQueryOptions(id ?? 0), enabled: id !== null });
}
