import { Alert, Anchor, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  donationIntervalLabels,
  formatMoney,
  sessionIdSchema,
  type DonationStatusAnswer,
} from '../../../shared/donations';
import { isApiError } from '../../api/api-client';
import { useFormats } from '../../components/format-time';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useDonationStatus } from './api/get-donation-status';

function WallLink({ children }: { children: string }) {
  return (
    <Anchor component={PrefetchLink} to="/donations">
      {children}
    </Anchor>
  );
}

/**
 * The receipt itself, for a gift whose receipt was not mailed (a visitor's demo gift): the
 * page stays at this address in this browser, so it can be kept or printed.
 */
function ReceiptDetails({
  status,
  reference,
  stopPath,
}: {
  status: DonationStatusAnswer;
  reference: string;
  stopPath: string | null;
}) {
  const format = useFormats();
  const rows: [string, ReactNode][] = [
    [
      'Amount',
      `${formatMoney(status.amount, status.currency)} ${status.currency.toUpperCase()} (${donationIntervalLabels[status.interval].toLowerCase()})`,
    ],
    [
      'Date',
      status.receivedAt ? (
        <time dateTime={status.receivedAt}>{format.date(status.receivedAt)}</time>
      ) : (
        '—'
      ),
    ],
    ['Reference', reference],
  ];
  return (
    <Stack gap={6} component="section" aria-labelledby="receipt-title" w="100%">
      <Title order={3} size="h4" id="receipt-title">
        Your receipt
      </Title>
      <Table
        withRowBorders={false}
        verticalSpacing={4}
        horizontalSpacing={0}
        aria-labelledby="receipt-title"
      >
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500} w={120}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        No receipt was e-mailed: this page is your receipt. It stays at this address in this
        browser.
      </Text>
      {stopPath && (
        <Text size="sm">
          <Anchor component={PrefetchLink} to={stopPath}>
            Stop this monthly gift
          </Anchor>{' '}
          at any time.
        </Text>
      )}
    </Stack>
  );
}

function Received({ status }: { status: DonationStatusAnswer }) {
  const format = useFormats();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          Donation received
        </Title>
        <Text fz={28} fw={700}>
          {formatMoney(status.amount, status.currency)}
        </Text>
        <Text>
          {`${donationIntervalLabels[status.interval]} donation`}
          {status.receivedAt && (
            <>
              {', received '}
              <time dateTime={status.receivedAt}>{format.date(status.receivedAt)}</time>
            </>
          )}
          .
        </Text>
        {status.receipt && !status.receipt.emailed ? (
          <ReceiptDetails
            status={status}
            reference={status.receipt.reference}
            stopPath={status.receipt.stopPath}
          />
        ) : (
          <Text>A receipt is on its way to your email.</Text>
        )}
        <WallLink>See the donor wall</WallLink>
      </Stack>
    </Paper>
  );
}

/** What became of a donation that did not go through; no amount, nothing to celebrate. */
const endings: Record<'failed' | 'refunded' | 'cancelled', string> = {
  failed: 'The payment failed. No money was taken.',
  refunded: 'This donation has been refunded.',
  cancelled: 'The checkout was cancelled. Nothing was charged.',
};

function Outcome({ status }: { status: DonationStatusAnswer }) {
  if (status.state === 'confirming') {
    return (
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>Confirming your donation…</Text>
      </Group>
    );
  }
  if (status.state === 'received') return <Received status={status} />;
  return (
    <Stack gap="xs" align="flex-start">
      <Text fw={600}>{endings[status.state]}</Text>
      <WallLink>Back to the donations page</WallLink>
    </Stack>
  );
}

function NotFound() {
  return (
    <Alert color="gray">
      <Stack gap="xs" align="flex-start">
        <Text fw={700}>We could not find this donation</Text>
        <Text size="sm">
          The link may be incomplete, or the donation was made in another browser.
        </Text>
        <WallLink>Go to the donations page</WallLink>
      </Stack>
    </Alert>
  );
}

/**
 * /donate/success?session_id=…: where the provider sends the donor back. The payment is
 * confirmed by the provider's webhook, often a moment later, so the page asks again every two
 * seconds until the donation is no longer being confirmed.
 */
export function DonateSuccessPage() {
  const [params] = useSearchParams();
  const param = params.get('session_id');
  const sessionId = sessionIdSchema.safeParse(param).success ? param : null;
  const status = useDonationStatus(sessionId);

  let content;
  if (sessionId === null || (isApiError(status.error) && status.error.code === 'not-found')) {
    content = <NotFound />;
  } else if (status.data) {
    // A poll that fails keeps the last answer on screen; the next one may succeed.
    content = <Outcome status={status.data} />;
  } else if (status.isError) {
    content = <LoadError title="Could not load your donation" error={status.error} />;
  } else {
    content = <LoadingStatus label="Loading your donation" py="xl" />;
  }

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Thank you</Title>
      {/* One live region for every state, so the change from confirming to received is heard. */}
      <div aria-live="polite">{content}</div>
    </Stack>
  );
}
