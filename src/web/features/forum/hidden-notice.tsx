import { Alert, Text } from '@mantine/core';
import { IconEyeOff } from '../../components/icons';

/**
 * Over content a moderator hid: only its author and the moderators get it from the server, and
 * they see why.
 */
export function HiddenNotice({ what, reason }: { what: 'post' | 'reply'; reason: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconEyeOff size={18} aria-hidden />}
      title={`This ${what} is hidden by a moderator`}
    >
      <Text size="sm">Reason: {reason}</Text>
      <Text size="sm" c="dimmed">
        Only its author and the moderators can see it.
      </Text>
    </Alert>
  );
}
