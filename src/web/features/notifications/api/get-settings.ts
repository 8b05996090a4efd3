import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/notifications/settings: how each type of notification reaches the member. */
export async function getNotificationSettings() {
  const { settings } = await apiFetch('/api/notifications/settings', notificationSettingsResponse);
  return settings;
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notificationSettings,
    queryFn: getNotificationSettings,
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
