import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { MemberHistory } from '../../../shared/member-history';
import { AuthorLink } from '../../components/author-link';
import { formatDate, formatDateTime, formatFull } from '../../components/format-time';
import type { ModRequestWithHistory } from './api/get-mod-requests';

function plural(count: number, one: string, many: string) {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** What an admin weighs: how long they have been here, what they wrote, what went wrong. */
function HistoryLine({ history }: { history: MemberHistory }) {
  const items = [
    `Joined ${formatDate(history.joinedAt)}`,
    plural(history.postCount, 'post', 'posts'),
    plural(history.commentCount, 'reply', 'replies'),
    plural(history.reportsAgainst, 'report against them', 'reports against them'),
    plural(history.sanctions, 'sanction', 'sanctions'),
  ];
  return (
    <Text size="sm" c="dimmed" aria-label="Requester history">
      {items.join(' · ')}
    </Text>
  );
}

export const modRequestStatusColors = { open: 'blue', approved: 'green', rejected: 'red' } as const;

interface ModRequestCardProps {
  request: ModRequestWithHistory;
  onApprove: (request: ModRequestWithHistory) => void;
  onReject: (request: ModRequestWithHistory) => void;
}

export function ModRequestCard({ request, onApprove, onReject }: ModRequestCardProps) {
  const name = request.requester.name;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={`Request from ${name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>
              <AuthorLink author={request.requester} />
            </Text>
            <HistoryLine history={request.requesterHistory} />
          </Stack>
          <Text size="sm" c="dimmed">
            Asked{' '}
            <time dateTime={request.createdAt} title={formatFull(request.createdAt)}>
              {formatDateTime(request.createdAt)}
            </time>
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{request.motivation}</Text>
        {request.status === 'open' ? (
          <Group gap="sm">
            <Button onClick={() => onApprove(request)} aria-label={`Approve ${name}`}>
              Approve
            </Button>
            <Button
              variant="default"
              color="red"
              onClick={() => onReject(request)}
              aria-label={`Reject ${name}`}
            >
              Reject
            </Button>
          </Group>
        ) : (
          <Stack gap={4}>
            <Group gap="xs">
              <Badge color={modRequestStatusColors[request.status]} variant="light">
                {request.status === 'approved' ? 'Approved' : 'Rejected'}
              </Badge>
              {request.decidedAt && (
                <Text size="sm" c="dimmed">
                  {formatDateTime(request.decidedAt)}
                </Text>
              )}
            </Group>
            {request.decisionReason && <Text size="sm">Reason: {request.decisionReason}</Text>}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
