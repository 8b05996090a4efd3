import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { UserAvatar } from '../../components/user-avatar';
import { deliver } from './api/send-message';
import classes from './chat.module.css';
import type { ChatViewer } from './message-row';
import { pendingMessages, type PendingMessage } from './pending-messages';

interface PendingRowProps {
  message: PendingMessage;
  author: ChatViewer & { name: string; image: string | null };
}

/** A message on its way: "Sending…", or why it failed with Retry (same nonce) and Discard. */
export function PendingRow({ message, author }: PendingRowProps) {
  const queryClient = useQueryClient();
  const failed = message.status === 'failed';
  return (
    <li className={classes.message} data-pending>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <UserAvatar author={author} size={32} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {author.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
          {failed ? (
            <Group gap="xs" wrap="wrap">
              <Text size="xs" c="red" role="status">
                {message.offline
                  ? 'Not sent: you are offline. It will be sent when you are back online.'
                  : `Not sent: ${message.error ?? 'the server refused it.'}`}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => void deliver(queryClient, message)}
              >
                Retry
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() => pendingMessages.settle(message.nonce)}
              >
                Discard
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              Sending…
            </Text>
          )}
        </Stack>
      </Group>
    </li>
  );
}
