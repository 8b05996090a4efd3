import { queryOptions, useQuery } from '@tanstack/react-query';
import { unsubscribeResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/notifications/unsubscribe?token=: what the e-mail's link would switch off. */
export function getUnsubscribe(token: string) {
  const params = new URLSearchParams({ token });
  return apiFetch(`/api/notifications/unsubscribe?${params.toString()}`, unsubscribeResponse);
}

export function unsubscribeQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.unsubscribeLink(token),
    queryFn: () => getUnsubscribe(token),
  });
}

/** Reads nothing without a token: the link was cut short, and the page says so. */
export function useUnsubscribeLink(token: string | null) {
  return useQuery({ ...unsubscribeQueryOptions(token ?? ''), enabled: token !== null });
}
