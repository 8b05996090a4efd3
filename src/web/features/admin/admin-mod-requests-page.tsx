import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { modRequestStatuses } from '../../../shared/mod-requests';
import { confirm } from '../../shell/confirm-store';
import { QueryList } from '../../components/query-list';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useDecideModRequest } from './api/decide-mod-request';
import {
  useModRequests,
  type ModRequestStatus,
  type ModRequestWithHistory,
} from './api/get-mod-requests';
import { ModRequestCard } from './mod-request-card';
import { RejectModRequestModal } from './reject-mod-request-modal';

const tabLabels: Record<ModRequestStatus, string> = {
  open: 'Open',
  approved: 'Approved',
  rejected: 'Rejected',
};

const emptyText: Record<ModRequestStatus, string> = {
  open: 'No open requests.',
  approved: 'No approved requests yet.',
  rejected: 'No rejected requests yet.',
};

function statusFrom(value: string | null): ModRequestStatus {
  return modRequestStatuses.find((status) => status === value) ?? 'open';
}

function RequestList({ status }: { status: ModRequestStatus }) {
  const requests = useModRequests(status);
  const decide = useDecideModRequest();
  // The request stays after the dialog closes, so its exit transition keeps the text.
  const [rejecting, setRejecting] = useState<ModRequestWithHistory | null>(null);
  const [rejectOpened, setRejectOpened] = useState(false);
  const onReject = (request: ModRequestWithHistory) => {
    setRejecting(request);
    setRejectOpened(true);
  };
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];

  const onApprove = (request: ModRequestWithHistory) =>
    confirm({
      title: 'Approve request',
      message: `${request.requester.name} becomes a moderator: they can review reports, hide content and mute members.`,
      confirmLabel: 'Approve',
      type: 'warning',
      onConfirm: async () => {
        try {
          await decide.mutateAsync({ id: request.id, decision: 'approve' });
          showSuccess('Request approved', `${request.requester.name} is now a moderator.`);
        } catch (error) {
          showServerError('Could not approve the request', error);
        }
      },
    });

  return (
    <>
      <QueryList
        query={requests}
        items={items}
        label={`${tabLabels[status]} requests`}
        subject="the requests"
        py="xl"
        empty={emptyText[status]}
        moreLabel="Load more requests"
        renderItem={(request) => (
          <ModRequestCard
            key={request.id}
            request={request}
            onApprove={onApprove}
            onReject={onReject}
          />
        )}
      />
      <RejectModRequestModal
        request={rejecting}
        opened={rejectOpened}
        onClose={() => setRejectOpened(false)}
      />
    </>
  );
}

/** /admin/mod-requests: members asking to become moderators, and the decisions taken. */
export function AdminModRequestsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));

  return (
    <Stack gap="lg">
      <Title order={1}>Moderator requests</Title>
      <Tabs
        value={status}
        keepMounted={false}
        onChange={(value) =>
          setParams(value === 'open' || value === null ? {} : { status: value }, { replace: true })
        }
      >
        <Tabs.List aria-label="Request status">
          {modRequestStatuses.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {tabLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {modRequestStatuses.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <RequestList status={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
