import { ActionIcon, Anchor, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconHistory } from '../../components/icons';
import { systemActorName, type AuditEntry } from '../../../shared/audit-log';
import { AuthorLink } from '../../components/author-link';
import classes from '../../components/responsive-table.module.css';
import { formatFull, formatRelative } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';
import { auditTargetNames, describeEntry, targetHistoryPath, targetPath } from './audit-summary';

/** Content deleted for good has no page left to link to. */
const gone = new Set<AuditEntry['action']>(['post.purge', 'comment.purge', 'news.delete']);

function TargetCell({ entry }: { entry: AuditEntry }) {
  const { target } = entry;
  const path = gone.has(entry.action) ? null : targetPath(target);
  const label = target.label || `${auditTargetNames[target.type]} ${target.id}`;
  const kind = auditTargetNames[target.type];
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {kind}
      </Text>
      <Text size="sm" span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {path ? (
          <Anchor component={PrefetchLink} to={path} size="sm" underline="hover">
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
            aria-label={`Every entry for ${kind} ${label}`}
          >
            <IconHistory size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Text>
    </Stack>
  );
}

/** "3 hours ago" above the exact moment, both in one <time>. */
function When({ iso }: { iso: string }) {
  const exact = formatFull(iso);
  return (
    <time dateTime={iso} title={exact}>
      <Text size="sm" span display="block">
        {formatRelative(iso)}
      </Text>
      <Text size="xs" c="dimmed" span display="block">
        {exact}
      </Text>
    </time>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Tr className={classes.row}>
      <Table.Td miw={140} className={classes.labelled} data-label="When">
        <When iso={entry.createdAt} />
      </Table.Td>
      {/* A name breaks between its words, never inside one. */}
      <Table.Td
        className={classes.labelled}
        data-label="Who"
        style={{ overflowWrap: 'break-word' }}
      >
        {entry.actor ? (
          <AuthorLink author={entry.actor} />
        ) : (
          <Text span fs="italic" inherit>
            {systemActorName}
          </Text>
        )}
      </Table.Td>
      <Table.Th
        scope="row"
        fw={500}
        className={classes.primary}
        style={{ overflowWrap: 'anywhere' }}
      >
        {describeEntry(entry)}
      </Table.Th>
      <Table.Td
        className={classes.labelled}
        data-label="Reason"
        style={{ overflowWrap: 'anywhere' }}
      >
        {entry.reason ?? <Text c="dimmed">—</Text>}
      </Table.Td>
      <Table.Td className={classes.labelled} data-label="Target">
        <TargetCell entry={entry} />
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

/**
 * Audit entries newest first: when, who, what happened in words, why, and on what. On a phone
 * each entry is a card, what happened first, so nothing scrolls sideways.
 */
export function AuditTable({ entries, label, busy }: AuditTableProps) {
  return (
    <Table
      className={classes.table}
      verticalSpacing="sm"
      striped
      aria-label={label}
      aria-busy={busy}
      style={{ opacity: busy ? 0.6 : 1 }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">When</Table.Th>
          <Table.Th scope="col">Who</Table.Th>
          <Table.Th scope="col">What happened</Table.Th>
          <Table.Th scope="col">Reason</Table.Th>
          <Table.Th scope="col">Target</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
