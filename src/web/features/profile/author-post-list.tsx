import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { PostSummary } from '../../../shared/forum';
import { RatingStars } from '../../components/rating-stars';
import { PrefetchLink } from '../../shell/prefetch-link';
import { errorMessage } from '../../shell/server-errors';
import { useAuthorPosts } from './api/get-author-posts';
import { formatDate, formatDateTime } from '../../components/format-time';
import { LoadMoreButton } from './load-more-button';

function replies(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'reply' : 'replies'}`;
}

function AuthorPostRow({ post }: { post: PostSummary }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Anchor component={PrefetchLink} to={`/forum/post/${post.id}`} fw={600}>
          {post.title}
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <Badge variant="light" tt="none">
            {post.category.name}
          </Badge>
          {post.filmTitle !== null && (
            <Text size="sm" fs="italic">
              {post.filmTitle}
            </Text>
          )}
          {post.rating !== null && <RatingStars rating={post.rating} />}
          <Text size="sm" c="dimmed">
            {replies(post.replyCount)}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
              {formatDate(post.createdAt)}
            </time>
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The threads a user started, newest first, a page at a time. */
export function AuthorPostList({ username, name }: { username: string; name: string }) {
  const posts = useAuthorPosts(username);

  if (posts.isPending) return <Loader size="sm" aria-label="Loading posts" />;
  if (posts.isError) {
    return (
      <Alert color="red" title="Could not load the posts">
        {errorMessage(posts.error)}
      </Alert>
    );
  }
  const items = posts.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Text c="dimmed">{name} has not started any threads yet.</Text>;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((post) => (
          <AuthorPostRow key={post.id} post={post} />
        ))}
      </Stack>
      <LoadMoreButton {...posts} what="posts" />
    </Stack>
  );
}
