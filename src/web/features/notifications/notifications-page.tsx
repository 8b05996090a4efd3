import { Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { QueryList } from '../../components/query-list';
import { confirm } from '../../shell/confirm-store';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useClearNotifications } from './api/clear-notifications';
import { useNotifications } from './api/get-notifications';
import { useUnreadCount } from './api/get-unread-count';
import { useMarkAllRead } from './api/mark-all-read';
import type { NotificationFilter } from './notification-cache';
import { NotificationRow } from './notification-row';

const filterOptions: { label: string; value: NotificationFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Unread', value: 'unread' },
];

const emptyText: Record<NotificationFilter, string> = {
  all: 'No notifications yet. Replies, mentions and likes of your posts will show here.',
  unread: 'Nothing unread.',
};

/** /notifications: every notification of the member, newest first, all or only the unread. */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  // The filter lives in the address, so a reload or the back button keeps it.
  const filter: NotificationFilter = params.get('show') === 'unread' ? 'unread' : 'all';
  const list = useNotifications(filter);
  const unreadCount = useUnreadCount();
  const markAllRead = useMarkAllRead();
  const clear = useClearNotifications();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const onMarkAllRead = () =>
    markAllRead.mutate(undefined, {
      onError: (error) => showServerError('Could not mark the notifications read', error),
    });

  const onClear = () =>
    confirm({
      title: 'Clear all notifications',
      message: 'Every notification goes, read or not. This cannot be undone.',
      confirmLabel: 'Clear all',
      type: 'danger',
      onConfirm: async () => {
        try {
          await clear.mutateAsync();
          showSuccess('Notifications cleared');
        } catch (error) {
          showServerError('Could not clear the notifications', error);
        }
      },
    });

  return (
    <Stack gap="lg">
      <Title order={1}>Notifications</Title>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Show"
          data={filterOptions}
          value={filter}
          onChange={(value) =>
            setParams(value === 'unread' ? { show: value } : {}, { replace: true })
          }
        />
        <Group gap="xs">
          <Button
            variant="default"
            disabled={unreadCount === 0}
            loading={markAllRead.isPending}
            onClick={onMarkAllRead}
          >
            Mark all read
          </Button>
          <Button variant="default" onClick={onClear}>
            Clear all
          </Button>
        </Group>
      </Group>
      <QueryList
        query={list}
        items={items}
        label="Notifications"
        subject="your notifications"
        py="xl"
        empty={emptyText[filter]}
        moreLabel="Load more notifications"
        renderItem={(notification) => (
          <NotificationRow key={notification.id} notification={notification} />
        )}
      />
    </Stack>
  );
}
