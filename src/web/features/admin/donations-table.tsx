import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import {
  donationIntervalLabels,
  donationStatusLabels,
  formatMoney,
  type AdminDonation,
  type DonationStatus,
} from '../../../shared/donations';
import { formatDateTime, formatFull } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';

const statusColors: Record<DonationStatus, string> = {
  pending: 'gray',
  paid: 'green',
  failed: 'red',
  refunded: 'blue',
};

function Donor({ donation }: { donation: AdminDonation }) {
  const { member } = donation;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} span style={{ overflowWrap: 'anywhere' }}>
        {donation.name}
      </Text>
      {member && (
        <Text size="xs" span>
          Member:{' '}
          <Anchor component={PrefetchLink} to={`/u/${encodeURIComponent(member.username)}`} inherit>
            {member.name}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

function Amount({ donation }: { donation: AdminDonation }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} span>
        {formatMoney(donation.amount, donation.currency)}
      </Text>
      {donation.amountRefunded > 0 && (
        <Text size="xs" c="dimmed" span>
          {formatMoney(donation.amountRefunded, donation.currency)} refunded
        </Text>
      )}
    </Stack>
  );
}

interface MessageProps {
  donation: AdminDonation;
  onModerate: (donation: AdminDonation) => void;
}

/** The donor's message as the wall shows it (plain text), and the way to hide or restore it. */
function Message({ donation, onModerate }: MessageProps) {
  if (donation.message === '') return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={4} align="flex-start">
      {donation.messageHidden && (
        <Badge color="gray" variant="light" size="sm">
          Hidden from the wall
        </Badge>
      )}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {donation.message}
      </Text>
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => onModerate(donation)}
        aria-label={`${donation.messageHidden ? 'Restore' : 'Hide'} the message of ${donation.name}`}
      >
        {donation.messageHidden ? 'Restore' : 'Hide'}
      </Button>
    </Stack>
  );
}

interface DonationsTableProps {
  donations: readonly AdminDonation[];
  label: string;
  /** New filters are loading; the rows are the previous answer's. */
  busy: boolean;
  onModerate: (donation: AdminDonation) => void;
}

/** Every donation the filters match, newest first. */
export function DonationsTable({ donations, label, busy, onModerate }: DonationsTableProps) {
  return (
    <Table.ScrollContainer minWidth={900} aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
      <Table verticalSpacing="sm" striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Donor</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">How often</Table.Th>
            <Table.Th scope="col">Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donations.map((donation) => (
            <Table.Tr key={donation.id}>
              <Table.Td miw={120}>
                <Text size="sm" span>
                  <time dateTime={donation.createdAt} title={formatFull(donation.createdAt)}>
                    {formatDateTime(donation.createdAt)}
                  </time>
                </Text>
              </Table.Td>
              <Table.Th scope="row" fw={400}>
                <Donor donation={donation} />
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {donation.email ?? <Text c="dimmed">—</Text>}
              </Table.Td>
              <Table.Td>
                <Amount donation={donation} />
              </Table.Td>
              {/* A status is short: its column never squeezes it into an ellipsis. */}
              <Table.Td miw={112}>
                <Badge color={statusColors[donation.status]} variant="light">
                  {donationStatusLabels[donation.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {donationIntervalLabels[donation.interval]}
                {donation.subscriptionCancelled && (
                  <Text size="xs" c="dimmed">
                    Cancelled
                  </Text>
                )}
              </Table.Td>
              <Table.Td miw={220}>
                <Message donation={donation} onModerate={onModerate} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
