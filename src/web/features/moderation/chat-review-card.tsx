import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChatModerationAction } from '../../../shared/chat';
import type { ChatReviewItem } from '../../../shared/review-queue';
import { can } from '../../../shared/permissions';
import { mayActOnContent } from '../../../shared/rank';
import { formatFull, formatRelative } from '../../components/format-time';
import { rankOfAuthor } from '../../components/moderation-actions';
import { useViewer } from '../../components/moderation-controls';
import { ReasonDialog } from '../../components/reason-dialog';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { removeFromQueue, reviewItemKey } from './api/get-review-queue';
import { useModerateChatMessage } from './api/moderate-chat-message';
import { AuthorHistory, plural, ReportedText, ReportList } from './review-parts';

const actionLabels: Record<ChatModerationAction, string> = {
  dismiss: 'Dismiss reports',
  hide: 'Hide',
  restore: 'Restore',
};
const doneTitles: Record<ChatModerationAction, string> = {
  dismiss: 'Reports dismissed',
  hide: 'Message hidden',
  restore: 'Message restored',
};

/**
 * The actions a moderator may take on a reported message: none on a message by an equal or
 * higher rank (admins excepted); hide or restore as it stands. The server checks them again.
 */
function chatActions(item: ChatReviewItem, viewer: ReturnType<typeof useViewer>) {
  if (!viewer || !can(viewer.role, 'content.moderate')) return [];
  if (!mayActOnContent(viewer, rankOfAuthor(item.author))) return [];
  const actions: ChatModerationAction[] = ['dismiss'];
  if (!item.target.deleted) actions.push(item.target.hidden ? 'restore' : 'hide');
  return actions;
}

/** One reported chat message: what it says, where, who wrote it, who reported it, what to do. */
export function ChatReviewCard({ item }: { item: ChatReviewItem }) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const moderate = useModerateChatMessage();
  const [hiding, setHiding] = useState(false);
  const { target } = item;
  const key = reviewItemKey(item);
  const actions = chatActions(item, viewer);

  /** Takes the action and says so; rejects with the server's refusal. */
  const run = async (action: ChatModerationAction, reason?: string) => {
    await moderate.mutateAsync({
      messageId: target.messageId,
      roomId: target.room.id,
      action,
      reason,
    });
    showSuccess(
      doneTitles[action],
      action === 'hide' ? 'It is gone from every reader.' : undefined,
    );
    removeFromQueue(queryClient, key);
  };
  const choose = (action: ChatModerationAction) => {
    if (action === 'hide') {
      setHiding(true);
      return;
    }
    run(action).catch((error: unknown) => showServerError('The moderation action failed', error));
  };

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={`${key}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge variant="outline">Chat message</Badge>
              <Text size="sm" c="dimmed">
                <time dateTime={target.createdAt} title={formatFull(target.createdAt)}>
                  {formatRelative(target.createdAt)}
                </time>
                {target.editedAt && ' · edited'}
              </Text>
            </Group>
            <Title order={2} size="h4" id={`${key}-title`}>
              <Anchor component={PrefetchLink} to={`/chat?room=${target.room.id}`} inherit>
                {`Message in ${target.room.name}`}
              </Anchor>
            </Title>
          </Stack>
          <Group gap={4}>
            {target.room.archived && <Badge color="gray">Room archived</Badge>}
            {target.deleted && <Badge color="gray">Deleted</Badge>}
            {target.hidden && <Badge color="orange">Hidden</Badge>}
          </Group>
        </Group>
        <AuthorHistory item={item} />
        <ReportedText deleted={target.deleted} html={target.bodyHtml} />
        {target.hidden && (
          <Text size="sm" c="dimmed">
            Hidden: {target.hidden.reason}
          </Text>
        )}
        <Title order={3} size="h6">
          {plural(item.reports.length, 'report')}
        </Title>
        <ReportList reports={item.reports} />
        {actions.length > 0 && (
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action}
                size="compact-sm"
                variant={action === 'dismiss' ? 'light' : 'default'}
                disabled={moderate.isPending}
                onClick={() => choose(action)}
              >
                {actionLabels[action]}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <ReasonDialog
        opened={hiding}
        onClose={() => setHiding(false)}
        title={`Hide the message by ${item.author.name}`}
        hint="The message disappears for every reader at once; moderators still see it, with your reason."
        submitLabel="Hide"
        failureTitle="The moderation action failed"
        onSubmit={(reason) => run('hide', reason)}
      />
    </Paper>
  );
}
