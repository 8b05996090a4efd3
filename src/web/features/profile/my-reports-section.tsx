import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { SessionUser } from '../../../shared/accounts';
import { reportCategoryLabels, type MyReport } from '../../../shared/reports';
import { formatDateTime } from '../../components/format-time';
import { QueryList } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useMyReports } from './api/get-my-reports';
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

/** What was reported, as the link to it reads. */
function targetLabel(target: MyReport['target']): string {
  switch (target.type) {
    case 'post':
      return target.title;
    case 'comment':
      return `A reply in “${target.title}”`;
    case 'message':
      return `A chat message in ${target.title}`;
  }
}

function ReportLine({ report }: { report: MyReport }) {
  const handled = report.status === 'resolved';
  return (
    <Stack component="li" gap={4}>
      <Group gap="xs" wrap="wrap">
        <Anchor component={PrefetchLink} to={report.target.link} underline="hover">
          {targetLabel(report.target)}
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
    </Stack>
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
      <QueryList
        query={reports}
        items={items}
        label="Your reports"
        subject="your reports"
        empty="You have not reported anything."
        moreLabel="Load more reports"
        renderItem={(report) => <ReportLine key={report.id} report={report} />}
      />
    </SettingsSection>
  );
}
