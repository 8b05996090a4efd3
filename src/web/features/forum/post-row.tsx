import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconHeart, IconLock, IconMessage, IconPin } from '../../components/icons';
import { memo, type ReactNode } from 'react';
import type { PostSummary } from '../../../shared/forum';
import { AuthorLink } from '../../components/author-link';
import { RatingStars } from '../../components/rating-stars';
import { UserAvatar } from '../../components/user-avatar';
import { PrefetchLink } from '../../shell/prefetch-link';
import { PostTags } from './post-tags';
import { RelativeTime } from './relative-time';
import { UnreadBadge } from '../../components/unread-badge';
import { useFormats } from '../../components/format-time';

interface CountProps {
  icon: ReactNode;
  value: number;
  one: string;
  many: string;
}

/** An icon and a number, read as "12 replies". */
function Count({ icon, value, one, many }: CountProps) {
  const noun = value === 1 ? one : many;
  const format = useFormats();
  return (
    <Group gap={4} wrap="nowrap" title={`${format.number(value)} ${noun}`}>
      {icon}
      <Text size="sm">
        {format.number(value)}
        <VisuallyHidden> {noun}</VisuallyHidden>
      </Text>
    </Group>
  );
}

/** One thread in the /forum list. Memoised: loading another page leaves existing rows alone. */
export const PostRow = memo(function PostRow({ post }: { post: PostSummary }) {
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="post-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            {post.pinned && <IconPin size={16} aria-label="Pinned" role="img" />}
            {post.locked && <IconLock size={16} aria-label="Locked" role="img" />}
            <Anchor
              component={PrefetchLink}
              to={`/forum/post/${post.id}`}
              fw={600}
              size="lg"
              lineClamp={2}
              underline="hover"
            >
              {post.title}
            </Anchor>
            <UnreadBadge unread={post.unread} />
          </Group>
          {post.rating !== null && (
            <Group gap="xs">
              {post.filmTitle && (
                <Text size="sm" fs="italic">
                  {post.filmTitle}
                </Text>
              )}
              <RatingStars rating={post.rating} />
            </Group>
          )}
          <Group gap="xs" c="dimmed" fz="sm">
            <UserAvatar author={post.author} size={22} />
            <Text size="sm" span>
              <AuthorLink author={post.author} />
            </Text>
            <Badge variant="outline" size="sm" style={{ textTransform: 'none' }}>
              {post.category.name}
            </Badge>
            <Text size="sm" span>
              active <RelativeTime iso={post.lastActivityAt} />
            </Text>
          </Group>
          <PostTags tags={post.tags} />
        </Stack>
        <Group gap="md" wrap="nowrap" c="dimmed">
          <Count
            icon={<IconMessage size={16} aria-hidden />}
            value={post.replyCount}
            one="reply"
            many="replies"
          />
          <Count
            icon={<IconHeart size={16} aria-hidden />}
            value={post.reactionCount}
            one="like"
            many="likes"
          />
        </Group>
      </Group>
    </Paper>
  );
});
