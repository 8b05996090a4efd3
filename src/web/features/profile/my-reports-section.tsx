import { Alert, Anchor, Badge, Group, List, Loader, Text } from '@mantine/core';
import type { SessionUser } from '../../../shared/accounts';
import { reportCategoryLabels, type MyReport } from '../../../shared/moderation';
import { formatDateTime } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';
import { errorMessage } from '../../shell/server-errors';
import { useMyReports } from './api/get-my-reports';
import { LoadMoreButton } from './load-more-button';
import { SettingsSection } from './settings-section';

/** What a moderator's action means to the person who reported the item. */
const outcomes: Record<NonNullable<MyReport['resolution']>, string> = {
  dismiss: 'Reviewed: no action needed',
  hide: 'Hidden by a moderator',
  restore: 'Reviewed and left visible',
  lock: 'Thread locked',
  unlock: 'Reviewed',
  pin: 'Reviewed',
  unpin: 'Reviewed',
  move: 'Moved to another category',
  purge: 'Removed for good',
};

function ReportLine({ report }: { report: MyReport }) {
  const handled = report.status === 'resolved';
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap">
        <Anchor component={PrefetchLink} to={report.target.link}>
          {report.target.type === 'comment'
            ? `A reply in “${report.target.title}”`
            : report.target.title}
        </Anchor>
        <Badge variant="light" color="gray">
          {reportCategoryLabels[report.category]}
        </Badge>
        <Badge variant="light" color={handled ? 'green' : 'blue'}>
          {handled && report.resolution ? outcomes[report.resolution] : 'Waiting for a moderator'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Reported {formatDateTime(report.createdAt)}
        {report.resolvedAt && ` · handled ${formatDateTime(report.resolvedAt)}`}
      </Text>
    </List.Item>
  );
}

/** /user-profile: the member's reports and what the moderators did about each. */
export function MyReportsSection({ user }: { user: SessionUser }) {
  const reports = useMyReports(user.emailVerified);
  if (!user.emailVerified) return null;
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SettingsSection
      title="Your reports"
      description="What you reported to the moderators, and what became of it."
    >
      {reports.isPending && <Loader size="sm" aria-label="Loading your reports" />}
      {reports.isError && (
        <Alert color="red" title="Could not load your reports">
          {errorMessage(reports.error)}
        </Alert>
      )}
      {reports.isSuccess && items.length === 0 && (
        <Text c="dimmed">You have not reported anything.</Text>
      )}
      {items.length > 0 && (
        <List spacing="sm" listStyleType="none" aria-label="Your reports">
          {items.map((report) => (
            <ReportLine key={report.id} report={report} />
          ))}
        </List>
      )}
      <LoadMoreButton
        hasNextPage={reports.hasNextPage}
        isFetchingNextPage={reports.isFetchingNextPage}
        fetchNextPage={reports.fetchNextPage}
        what="reports"
      />
    </SettingsSection>
  );
}
