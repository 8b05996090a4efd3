import { Menu, Text } from '@mantine/core';
import { IconArrowRight, IconChecks } from '../../components/icons';
import { notificationLimits, type Notification } from '../../../shared/notifications';
import { LoadingStatus } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { errorMessage, showServerError } from '../../shell/server-errors';
import { useNotifications } from './api/get-notifications';
import { useUnreadCount } from './api/get-unread-count';
import { useMarkAllRead } from './api/mark-all-read';
import { useMarkRead } from './api/mark-read';
import { NotificationSummary } from './notification-summary';
import classes from './notifications.module.css';

/** What the list part of the dropdown shows while loading, failing or empty. */
function ListState({ children, role }: { children: string; role?: 'alert' }) {
  return (
    <Text size="sm" c={role ? 'red' : 'dimmed'} px="sm" py="xs" role={role}>
      {children}
    </Text>
  );
}

/**
 * The bell's dropdown: "Mark all read", the latest notifications (each opens where it happened
 * and counts as read), and "See all". It shares the page's "All" list, so either warms the other.
 */
export function BellDropdown() {
  const list = useNotifications('all');
  const unreadCount = useUnreadCount();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const latest = (list.data?.pages[0]?.items ?? []).slice(0, notificationLimits.dropdown);

  const open = (notification: Notification) => {
    // Fire and forget: the member is on their way; a failure only leaves it unread.
    if (notification.readAt === null) markRead.mutate(notification.id);
  };

  let items;
  if (list.isPending) items = <LoadingStatus label="Loading your notifications" />;
  else if (list.isError) items = <ListState role="alert">{errorMessage(list.error)}</ListState>;
  else if (latest.length === 0) items = <ListState>No notifications yet.</ListState>;
  else {
    items = latest.map((notification) => (
      <Menu.Item
        key={notification.id}
        component={PrefetchLink}
        to={notification.url}
        onClick={() => open(notification)}
      >
        <NotificationSummary notification={notification} />
      </Menu.Item>
    ));
  }

  return (
    <>
      <Menu.Label>Notifications</Menu.Label>
      <Menu.Item
        leftSection={<IconChecks size={16} aria-hidden />}
        closeMenuOnClick={false}
        disabled={unreadCount === 0 || markAllRead.isPending}
        onClick={() =>
          markAllRead.mutate(undefined, {
            onError: (error) => showServerError('Could not mark the notifications read', error),
          })
        }
      >
        Mark all read
      </Menu.Item>
      <Menu.Divider />
      <div className={classes.latest}>{items}</div>
      <Menu.Divider />
      <Menu.Item
        component={PrefetchLink}
        to="/notifications"
        rightSection={<IconArrowRight size={16} aria-hidden />}
      >
        See all
      </Menu.Item>
    </>
  );
}
