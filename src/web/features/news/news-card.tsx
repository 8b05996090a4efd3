import { Anchor, Badge, Card, Flex, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconStar } from '../../components/icons';
import type { NewsSummary } from '../../../shared/news';
import { useFormats } from '../../components/format-time';
import { UnreadBadge } from '../../components/unread-badge';
import { PrefetchLink } from '../../shell/prefetch-link';

interface NewsCardProps {
  article: NewsSummary;
  /** The title's heading level: 2 on /news, 3 under a section's heading. */
  headingOrder?: 2 | 3;
}

/** One article in the list: cover thumbnail, title, summary and date. */
export function NewsCard({ article, headingOrder = 2 }: NewsCardProps) {
  const format = useFormats();
  const date = article.publishAt ?? article.createdAt;
  const titleId = `news-${article.id}-title`;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={titleId}>
      {/* On a phone the cover sits above the text, which keeps the card's whole width. */}
      <Flex direction={{ base: 'column', xs: 'row' }} align={{ xs: 'flex-start' }} gap="md">
        {article.cover && (
          <Image
            src={article.cover.thumbnailUrl}
            alt={article.cover.alt}
            w={{ base: '100%', xs: 160 }}
            h={{ base: 140, xs: 100 }}
            radius="sm"
            fit="cover"
            style={{ flexShrink: 0 }}
          />
        )}
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {article.featured && (
              <Badge size="sm" variant="light" leftSection={<IconStar size={12} aria-hidden />}>
                Featured
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              <time dateTime={date} title={format.full(date)}>
                {format.date(date)}
              </time>
            </Text>
          </Group>
          <Title order={headingOrder} size="h3" id={titleId}>
            <Anchor component={PrefetchLink} to={`/news/${article.id}`} inherit underline="hover">
              {article.title}
            </Anchor>
          </Title>
          <Text>{article.summary}</Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {article.commentCount === 1
                ? '1 reply'
                : `${format.number(article.commentCount)} replies`}
            </Text>
            <UnreadBadge unread={article.unread} />
          </Group>
        </Stack>
      </Flex>
    </Card>
  );
}
