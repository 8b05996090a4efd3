import { Anchor, Button, Group, Paper, Stack, VisuallyHidden } from '@mantine/core';
import type { Notification } from '../../../shared/notifications';
import { useFormats } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError } from '../../shell/server-errors';
import { useMarkRead } from './api/mark-read';
import { useRemoveNotification } from './api/remove-notification';
import { NotificationSummary, notificationSentence } from './notification-summary';
import classes from './notifications.module.css';

/**
 * One notification of the page: it opens where it happened (and counts as read), and can be
 * marked read or removed on the spot.
 */
export function NotificationRow({ notification }: { notification: Notification }) {
  const markRead = useMarkRead();
  const remove = useRemoveNotification();
  const format = useFormats();
  const unread = notification.readAt === null;
  // Each button names its notification, so a list of them reads apart.
  const which = (
    <VisuallyHidden component="span">: {notificationSentence(notification, format)}</VisuallyHidden>
  );

  const onMarkRead = () =>
    markRead.mutate(notification.id, {
      onError: (error) => showServerError('Could not mark the notification read', error),
    });
  const onRemove = () =>
    remove.mutate(notification.id, {
      onError: (error) => showServerError('Could not remove the notification', error),
    });

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      className={classes.row}
      data-unread={unread || undefined}
    >
      <Stack gap="xs">
        <Anchor
          component={PrefetchLink}
          to={notification.url}
          underline="never"
          c="inherit"
          // Fire and forget: the member is on their way; a failure only leaves it unread.
          onClick={() => {
            if (unread) markRead.mutate(notification.id);
          }}
        >
          <NotificationSummary notification={notification} withExcerpt />
        </Anchor>
        <Group gap="xs" justify="flex-end">
          {unread && (
            <Button
              variant="default"
              size="compact-sm"
              loading={markRead.isPending}
              onClick={onMarkRead}
            >
              Mark read{which}
            </Button>
          )}
          <Button variant="default" size="compact-sm" loading={remove.isPending} onClick={onRemove}>
            Remove{which}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
