import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { profileReviewsResponse } from '../../../../shared/profiles';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/profiles/:username/reviews: a page of the member's reviews and their rating spread. */
export function getProfileReviews({ username, page }: { username: string; page: number }) {
  const params = new URLSearchParams({ page: String(page) });
  return apiFetch(
    `/api/profiles/${encodeURIComponent(username)}/reviews?${params.toString()}`,
    profileReviewsResponse,
  );
}

export function profileReviewsQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.profileReviews(username),
    queryFn: ({ pageParam }) => getProfileReviews({ username, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });
}

export function useProfileReviews(username: string) {
  return useInfiniteQuery(profileReviewsQueryOptions(username));
}
