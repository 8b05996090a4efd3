import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { reportCategoryLabels } from '../../../shared/reports';
import type { ReviewItem } from '../../../shared/review-queue';
import { AuthorLink } from '../../components/author-link';
import { formatDay, formatFull, formatRelative } from '../../components/format-time';

/* What every item of the review queue shows: its author's history and its reports. */

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

export function AuthorHistory({ item }: { item: Pick<ReviewItem, 'author' | 'authorHistory'> }) {
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

export function ReportList({ reports }: { reports: ReviewItem['reports'] }) {
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

/** What was reported, as its readers saw it, or that its author deleted it. */
export function ReportedText({ deleted, html }: { deleted: boolean; html: string }) {
  return (
    <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
      {deleted ? (
        <Text c="dimmed" fs="italic" size="sm">
          The author deleted this.
        </Text>
      ) : (
        <RenderedMarkdown html={html} />
      )}
    </Paper>
  );
}
