import { Avatar, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBell } from '../../components/icons';
import { describeNotification, type Notification } from '../../../shared/notifications';
import { useFormats, type Formats } from '../../components/format-time';
import { UserAvatar } from '../../components/user-avatar';
import classes from './notifications.module.css';

/** Who it comes from: their picture, or a bell when the site itself speaks. */
function ActorAvatar({ actor }: Pick<Notification, 'actor'>) {
  if (actor) return <UserAvatar author={actor} size={32} />;
  return (
    <Avatar size={32} radius="xl" color="amber" alt="" aria-hidden>
      <IconBell size={16} aria-hidden />
    </Avatar>
  );
}

/** A notification's sentence for this reader: a mute's end in their own time zone. */
export function notificationSentence(notification: Notification, format: Formats): string {
  return describeNotification(notification, { end: (iso) => format.end(iso), now: Date.now() });
}

interface NotificationSummaryProps {
  notification: Notification;
  /** The page quotes what the reply said; the bell's dropdown stays short. */
  withExcerpt?: boolean;
}

/**
 * One notification as the bell and the page show it: who, the sentence, when. An unread one is
 * bold with a dot, and says "Unread" to screen readers, so colour is never the only sign.
 */
export function NotificationSummary({ notification, withExcerpt }: NotificationSummaryProps) {
  const format = useFormats();
  const unread = notification.readAt === null;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ActorAvatar actor={notification.actor} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={unread ? 700 : 400} className={classes.sentence}>
          {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
          {notificationSentence(notification, format)}
        </Text>
        {withExcerpt && notification.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={2} className={classes.sentence}>
            {notification.excerpt}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={notification.createdAt} title={format.full(notification.createdAt)}>
            {format.relative(notification.createdAt)}
          </time>
        </Text>
      </Stack>
      {unread && <span className={classes.unreadDot} aria-hidden />}
    </Group>
  );
}
