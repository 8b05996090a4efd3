import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Typography } from '@mantine/core';
import type { z } from 'zod';
import type { authorCommentSchema } from '../../../shared/forum';
import { PrefetchLink } from '../../shell/prefetch-link';
import { errorMessage } from '../../shell/server-errors';
import { useAuthorComments } from './api/get-author-comments';
import { formatDate, formatDateTime } from '../../components/format-time';
import { LoadMoreButton } from './load-more-button';

type AuthorComment = z.infer<typeof authorCommentSchema>;

function AuthorReplyRow({ reply }: { reply: AuthorComment }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm">
            In{' '}
            <Anchor component={PrefetchLink} to={`/forum/post/${reply.post.id}`} fw={600} inherit>
              {reply.post.title}
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={reply.createdAt} title={formatDateTime(reply.createdAt)}>
              {formatDate(reply.createdAt)}
            </time>
          </Text>
        </Group>
        <Typography>
          {/* Rendered from Markdown and sanitised by the server when the reply was saved. */}
          <div dangerouslySetInnerHTML={{ __html: reply.bodyHtml }} />
        </Typography>
      </Stack>
    </Paper>
  );
}

/** A user's replies, newest first, each under the title of its thread. */
export function AuthorReplyList({ username, name }: { username: string; name: string }) {
  const replies = useAuthorComments(username);

  if (replies.isPending) return <Loader size="sm" aria-label="Loading replies" />;
  if (replies.isError) {
    return (
      <Alert color="red" title="Could not load the replies">
        {errorMessage(replies.error)}
      </Alert>
    );
  }
  const items = replies.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Text c="dimmed">{name} has not replied to any threads yet.</Text>;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((reply) => (
          <AuthorReplyRow key={reply.id} reply={reply} />
        ))}
      </Stack>
      <LoadMoreButton {...replies} what="replies" />
    </Stack>
  );
}
