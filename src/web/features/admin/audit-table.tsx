import { ActionIcon, Anchor, Code, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { systemActorName, type AuditEntry } from '../../../shared/moderation';
import { AuthorLink } from '../../components/author-link';
import { formatDateTime, formatFull } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';
import { changeSummary, targetHistoryPath, targetPath } from './audit-summary';

function TargetCell({ target }: { target: AuditEntry['target'] }) {
  const path = targetPath(target);
  const label = target.label || `${target.type} ${target.id}`;
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {target.type}
      </Text>
      <Text size="sm" span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {path ? (
          <Anchor component={PrefetchLink} to={path} size="sm">
            {label}
          </Anchor>
        ) : (
          label
        )}
        <Tooltip label="Every entry for this target">
          <ActionIcon
            component={PrefetchLink}
            to={targetHistoryPath(target)}
            variant="subtle"
            size="sm"
            aria-label={`Every entry for ${target.type} ${label}`}
          >
            <IconHistory size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Text>
    </Stack>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = changeSummary(entry.before, entry.after);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.createdAt} title={formatFull(entry.createdAt)}>
          {formatDateTime(entry.createdAt)}
        </time>
      </Table.Td>
      <Table.Td>
        {entry.actor ? (
          <AuthorLink author={entry.actor} />
        ) : (
          <Text span fs="italic" inherit>
            {systemActorName}
          </Text>
        )}
      </Table.Td>
      <Table.Th scope="row" fw={500}>
        <Code>{entry.action}</Code>
      </Table.Th>
      <Table.Td>
        <TargetCell target={entry.target} />
      </Table.Td>
      <Table.Td>{entry.reason ?? <Text c="dimmed">—</Text>}</Table.Td>
      <Table.Td>
        {changes.length === 0 ? (
          <Text c="dimmed">—</Text>
        ) : (
          <Stack gap={2}>
            {changes.map((line) => (
              <Text key={line} size="xs" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

interface AuditTableProps {
  entries: readonly AuditEntry[];
  label: string;
  /** New filters are loading; the rows are the previous answer's. */
  busy: boolean;
}

/** Audit entries newest first: when, who, what, on what, why, and what changed. */
export function AuditTable({ entries, label, busy }: AuditTableProps) {
  return (
    <Table.ScrollContainer minWidth={900} aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
      <Table verticalSpacing="sm" striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Actor</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
            <Table.Th scope="col">Target</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
