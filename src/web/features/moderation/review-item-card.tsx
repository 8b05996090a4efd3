import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconEdit } from '@tabler/icons-react';
import type { Category } from '../../../shared/forum';
import { reportCategoryLabels, type ReviewItem } from '../../../shared/moderation';
import { AuthorLink } from '../../components/author-link';
import { formatDay, formatFull, formatRelative } from '../../components/format-time';
import { mayEditContent, rankOfAuthor } from '../../components/moderation-actions';
import { ModerationControls, useViewer } from '../../components/moderation-controls';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { PrefetchLink } from '../../shell/prefetch-link';
import { removeFromQueue, reviewItemKey } from './api/get-review-queue';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

function StateBadges({ target }: { target: ReviewItem['target'] }) {
  return (
    <Group gap={4}>
      {target.deleted && <Badge color="gray">Deleted</Badge>}
      {target.hidden && <Badge color="orange">Hidden</Badge>}
      {target.locked && (
        <Badge color="orange" variant="light">
          Locked
        </Badge>
      )}
      {target.pinned && <Badge variant="light">Pinned</Badge>}
    </Group>
  );
}

function AuthorHistory({ item }: { item: ReviewItem }) {
  const history = item.authorHistory;
  return (
    <Text size="sm">
      By <AuthorLink author={item.author} />
      <Text span c="dimmed" size="sm">
        {` · joined ${formatDay(history.joinedAt)} · ${plural(history.postCount, 'thread')} · ${plural(history.commentCount, 'reply', 'replies')} · ${plural(history.reportsAgainst, 'report')} against · ${plural(history.sanctions, 'past sanction')}`}
      </Text>
    </Text>
  );
}

function ReportList({ reports }: { reports: ReviewItem['reports'] }) {
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {reports.map((report) => (
        <li key={report.id}>
          <Group gap="xs" align="baseline" wrap="wrap">
            <Badge size="sm" color="red" variant="light">
              {reportCategoryLabels[report.category]}
            </Badge>
            <Text size="sm">
              <AuthorLink author={report.reporter} />
            </Text>
            <Text size="sm" c="dimmed">
              <time dateTime={report.createdAt} title={formatFull(report.createdAt)}>
                {formatRelative(report.createdAt)}
              </time>
            </Text>
          </Group>
          {report.reason !== '' && (
            <Text size="sm" ml="xs">
              “{report.reason}”
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}

interface ReviewItemCardProps {
  item: ReviewItem;
  categories: readonly Category[] | undefined;
}

/** One reported thread or reply: what it says, who wrote it, who reported it, what to do. */
export function ReviewItemCard({ item, categories }: ReviewItemCardProps) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const { target } = item;
  const key = reviewItemKey(item);
  const isPost = target.type === 'post';
  const href = isPost
    ? `/forum/post/${target.postId}`
    : `/forum/post/${target.postId}#reply-${target.commentId}`;
  const what = isPost ? 'this thread' : `the reply by ${item.author.name}`;
  const editHref = isPost ? `/forum/post/edit/${target.postId}` : href;

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={`${key}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge variant="outline">{isPost ? 'Thread' : 'Reply'}</Badge>
              <Text size="sm" c="dimmed">
                in {target.category.name}
              </Text>
            </Group>
            <Title order={2} size="h4" id={`${key}-title`}>
              <Anchor component={PrefetchLink} to={href} inherit>
                {isPost ? target.title : `Reply in “${target.title}”`}
              </Anchor>
            </Title>
          </Stack>
          <StateBadges target={target} />
        </Group>
        <AuthorHistory item={item} />
        <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
          {target.deleted ? (
            <Text c="dimmed" fs="italic" size="sm">
              The author deleted this.
            </Text>
          ) : (
            <RenderedMarkdown html={target.bodyHtml} />
          )}
        </Paper>
        <Title order={3} size="h6">
          {plural(item.reports.length, 'report')}
        </Title>
        <ReportList reports={item.reports} />
        <Group gap="xs">
          <ModerationControls
            item={{ ...target, categoryId: isPost ? target.category.id : null }}
            author={item.author}
            what={what}
            layout="buttons"
            inQueue
            categories={categories}
            onDone={() => removeFromQueue(queryClient, key)}
          />
          {mayEditContent(viewer, rankOfAuthor(item.author)) && !target.deleted && (
            <Button
              component={PrefetchLink}
              to={editHref}
              size="compact-sm"
              variant="subtle"
              leftSection={<IconEdit size={16} aria-hidden />}
            >
              Edit
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
