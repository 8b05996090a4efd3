import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import type { authorCommentSchema } from '../../../shared/forum';
import { QueryList } from '../../components/query-list';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useAuthorComments } from './api/get-author-comments';
import { useFormats } from '../../components/format-time';

type AuthorComment = z.infer<typeof authorCommentSchema>;

function AuthorReplyRow({ reply }: { reply: AuthorComment }) {
  const format = useFormats();
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
            <time dateTime={reply.createdAt} title={format.dateTime(reply.createdAt)}>
              {format.date(reply.createdAt)}
            </time>
          </Text>
        </Group>
        <RenderedMarkdown html={reply.bodyHtml} />
      </Stack>
    </Paper>
  );
}

/** A user's replies, newest first, each under the title of its thread. */
export function AuthorReplyList({ username, name }: { username: string; name: string }) {
  const replies = useAuthorComments(username);

  return (
    <QueryList
      query={replies}
      items={replies.data?.pages.flatMap((page) => page.items) ?? []}
      label={`Replies by ${name}`}
      subject="the replies"
      empty={`${name} has not replied to any threads yet.`}
      moreLabel="Load more replies"
      renderItem={(reply) => <AuthorReplyRow key={reply.id} reply={reply} />}
    />
  );
}
