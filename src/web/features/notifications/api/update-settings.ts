import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationSettingsResponse,
  type NotificationSettings,
} from '../../../../shared/notifications';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** The types a change names; the others stay (updateNotificationSettingsBody). */
export type SettingsChange = Partial<NotificationSettings>;

/** PUT /api/notifications/settings. */
export async function updateNotificationSettings(change: SettingsChange) {
  const { settings } = await apiFetch('/api/notifications/settings', notificationSettingsResponse, {
    method: 'PUT',
    body: JSON.stringify(change),
  });
  return settings;
}

/** Shows the choice at once (a select cannot wait for the server), and takes it back on failure. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationSettings;
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSettings>(key);
      if (previous) queryClient.setQueryData<NotificationSettings>(key, { ...previous, ...change });
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData<NotificationSettings>(key, settings),
  });
}
