import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { PostSummary } from '../../../shared/forum';
import { RatingStars } from '../../components/rating-stars';
import { QueryList } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useAuthorPosts } from './api/get-author-posts';
import { useFormats, type Formats } from '../../components/format-time';

function replies(count: number, format: Formats): string {
  return `${format.number(count)} ${count === 1 ? 'reply' : 'replies'}`;
}

function AuthorPostRow({ post }: { post: PostSummary }) {
  const format = useFormats();
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Anchor component={PrefetchLink} to={`/forum/post/${post.id}`} fw={600} underline="hover">
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
            {replies(post.replyCount, format)}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={post.createdAt} title={format.dateTime(post.createdAt)}>
              {format.date(post.createdAt)}
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

  return (
    <QueryList
      query={posts}
      items={posts.data?.pages.flatMap((page) => page.items) ?? []}
      label={`Posts by ${name}`}
      subject="the posts"
      empty={`${name} has not started any threads yet.`}
      moreLabel="Load more posts"
      renderItem={(post) => <AuthorPostRow key={post.id} post={post} />}
    />
  );
}
