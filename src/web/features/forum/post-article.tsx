import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPin } from '../../components/icons';
import type { PostDetail } from '../../../shared/forum';
import { RatingStars } from '../../components/rating-stars';
import { PrefetchLink } from '../../shell/prefetch-link';
import { AuthorCard } from './author-card';
import { useFormats } from '../../components/format-time';
import { HiddenNotice } from './hidden-notice';
import { PostActions } from './post-actions';
import { PostTags } from './post-tags';
import { RelativeTime } from './relative-time';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { RevisionHistory } from './revision-history';
import type { SignInGate } from '../../components/use-sign-in-gate';

/** The thread itself: heading, author, body (or its tombstone) and what can be done with it. */
export function PostArticle({ post, gate }: { post: PostDetail; gate: SignInGate }) {
  const format = useFormats();
  return (
    <Stack component="article" gap="md" aria-labelledby="post-title">
      <Stack gap="xs">
        <Group gap="xs">
          <Anchor
            component={PrefetchLink}
            to={`/forum?category=${encodeURIComponent(post.category.slug)}`}
            size="sm"
            underline="hover"
          >
            {post.category.name}
          </Anchor>
          {post.pinned && (
            <Badge size="sm" variant="light" leftSection={<IconPin size={12} aria-hidden />}>
              Pinned
            </Badge>
          )}
          {post.locked && (
            <Badge
              size="sm"
              variant="light"
              color="orange"
              leftSection={<IconLock size={12} aria-hidden />}
            >
              Locked
            </Badge>
          )}
        </Group>
        <Title order={1} id="post-title">
          {post.title}
        </Title>
        {post.rating !== null && (
          <Group gap="xs">
            {post.film ? (
              <Anchor component={PrefetchLink} to={post.film.url} fs="italic" underline="hover">
                {post.film.title}
              </Anchor>
            ) : (
              post.filmTitle && <Text fs="italic">{post.filmTitle}</Text>
            )}
            <RatingStars rating={post.rating} size={18} />
          </Group>
        )}
        <PostTags tags={post.tags} />
      </Stack>

      <AuthorCard author={post.author}>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            <time dateTime={post.createdAt} title={format.full(post.createdAt)}>
              {format.full(post.createdAt)}
            </time>
          </Text>
          {post.editedAt && (
            <>
              <Text size="sm" c="dimmed">
                · edited <RelativeTime iso={post.editedAt} />
              </Text>
              <RevisionHistory
                subject={{ kind: 'post', id: post.id }}
                currentTitle={post.title}
                label="History of this post"
              />
            </>
          )}
        </Group>
      </AuthorCard>

      {post.hidden && !post.deleted && <HiddenNotice what="post" reason={post.hidden.reason} />}

      <Paper withBorder p="lg" radius="md">
        {post.deleted ? (
          <Text c="dimmed" fs="italic">
            This post was deleted.
          </Text>
        ) : (
          <RenderedMarkdown html={post.bodyHtml} />
        )}
      </Paper>

      <PostActions post={post} gate={gate} />
    </Stack>
  );
}
