import { NativeSelect, SimpleGrid } from '@mantine/core';
import {
  deliveries,
  deliveryLabels,
  notificationTypeLabels,
  notificationTypes,
  type Delivery,
  type NotificationType,
} from '../../../shared/notifications';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useNotificationSettings } from './api/get-settings';
import { useUpdateNotificationSettings } from './api/update-settings';

const deliveryOptions = deliveries.map((delivery) => ({
  value: delivery,
  label: deliveryLabels[delivery],
}));

function deliveryFrom(value: string): Delivery | undefined {
  return deliveries.find((delivery) => delivery === value);
}

/**
 * One choice per type of notification: off, in the app, by e-mail at once, or in a daily digest.
 * Each choice is saved as it is made. Native selects: a phone shows its own picker, and four
 * long options would not fit side by side at 390 px.
 */
export default function EmailSettings() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  if (settings.isPending) return <LoadingStatus label="Loading your notification settings" />;
  if (settings.isError) {
    return <LoadError title="Could not load your notification settings" error={settings.error} />;
  }

  const save = (type: NotificationType, delivery: Delivery) =>
    update.mutate(
      { [type]: delivery },
      {
        onSuccess: () =>
          showSuccess(
            'Notification settings saved',
            `${notificationTypeLabels[type]}: ${deliveryLabels[delivery]}`,
          ),
        onError: (error) => showServerError('Could not save the setting', error),
      },
    );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {notificationTypes.map((type) => (
        <NativeSelect
          key={type}
          label={notificationTypeLabels[type]}
          data={deliveryOptions}
          value={settings.data[type]}
          onChange={(event) => {
            const delivery = deliveryFrom(event.currentTarget.value);
            if (delivery) save(type, delivery);
          }}
        />
      ))}
    </SimpleGrid>
  );
}
