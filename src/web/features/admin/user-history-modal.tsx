import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminUser } from '../../../shared/accounts';
import { systemActorName, type AuditEntry } from '../../../shared/audit-log';
import { roleLabels } from '../../../shared/roles';
import { formatDate, formatDateTime } from '../../components/format-time';
import { accountStatus } from './account-status';
import { auditActionLabels } from './audit-summary';
import { useUserHistory } from './api/get-user-history';
import { AppModal } from '../../components/app-modal';
import { LoadError, LoadingStatus } from '../../components/query-list';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text fw={700} size="lg">
        {value.toLocaleString()}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function PastAction({ entry }: { entry: AuditEntry }) {
  return (
    <li>
      <Group gap="xs" align="baseline">
        <Text size="sm" fw={600}>
          {auditActionLabels[entry.action]}
        </Text>
        <Text size="sm" c="dimmed">
          by {entry.actor?.name ?? systemActorName} ·{' '}
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </Text>
      </Group>
      {entry.reason && <Text size="sm">“{entry.reason}”</Text>}
    </li>
  );
}

function HistoryBody({ userId }: { userId: string }) {
  const query = useUserHistory(userId);
  if (query.isPending) {
    return <LoadingStatus label="Loading the history" />;
  }
  if (query.isError) {
    return <LoadError title="Could not load the history" error={query.error} />;
  }
  const { user, history, actions } = query.data;
  return (
    <Stack gap="md">
      <Text size="sm">
        {user.role ? roleLabels[user.role] : 'No role'} · joined {formatDate(history.joinedAt)} ·{' '}
        {accountStatus(user)}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4 }}>
        <Count label="Threads" value={history.postCount} />
        <Count label="Replies" value={history.commentCount} />
        <Count label="Reports against" value={history.reportsAgainst} />
        <Count label="Sanctions" value={history.sanctions} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Past actions
      </Title>
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No moderator has acted on this account.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {actions.map((entry) => (
            <PastAction key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface UserHistoryModalProps {
  opened: boolean;
  user: AdminUser | null;
  onClose: () => void;
}

/** A member's counts and the actions moderators took on their account and content. */
export function UserHistoryModal({ opened, user, onClose }: UserHistoryModalProps) {
  return (
    <AppModal
      opened={opened && user !== null}
      onClose={onClose}
      title={user ? `History of ${user.name}` : 'History'}
      size="lg"
    >
      {user && opened && <HistoryBody userId={user.id} />}
    </AppModal>
  );
}
