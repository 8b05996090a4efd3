import { Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { FilmReview } from '../../../shared/films';
import { AuthorLink } from '../../components/author-link';
import { useFormats } from '../../components/format-time';
import { IconHeart, IconMessage } from '../../components/icons';
import { UserAvatar } from '../../components/user-avatar';
import { PrefetchLink } from '../../shell/prefetch-link';
import rows from '../../components/rows.module.css';
import { countOf } from './film-words';

/** One review of the film: its title (to the thread), rating, excerpt, author, date and counts. */
export function FilmReviewRow({ review }: { review: FilmReview }) {
  const format = useFormats();
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h4" miw={0}>
            <PrefetchLink to={`/forum/post/${review.id}`} className={rows.title}>
              {review.title}
            </PrefetchLink>
          </Title>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden>{review.rating}/10</span>
            <VisuallyHidden>Rated {review.rating} out of 10</VisuallyHidden>
          </Text>
        </Group>
        {review.excerpt !== '' && <Text lineClamp={3}>{review.excerpt}</Text>}
        <Group gap="xs" wrap="wrap">
          <UserAvatar author={review.author} size={22} />
          <Text size="sm">
            <AuthorLink author={review.author} />
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={review.createdAt}>{format.date(review.createdAt)}</time>
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconHeart size={16} aria-hidden />
            <Text size="sm">{countOf(review.reactionCount, 'like', 'likes')}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconMessage size={16} aria-hidden />
            <Text size="sm">{countOf(review.replyCount, 'reply', 'replies')}</Text>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
