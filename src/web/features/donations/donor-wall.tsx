import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type WallDonation } from '../../../shared/donations';
import { useFormats } from '../../components/format-time';
import { PrefetchLink } from '../../shell/prefetch-link';

function DonorName({ donation }: { donation: WallDonation }) {
  if (donation.username === null) return <>{donation.name}</>;
  return (
    <Anchor component={PrefetchLink} to={`/u/${encodeURIComponent(donation.username)}`} inherit>
      {donation.name}
    </Anchor>
  );
}

function WallEntry({ donation }: { donation: WallDonation }) {
  const format = useFormats();
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              <DonorName donation={donation} />
            </Text>
            {donation.interval === 'monthly' && (
              <Badge variant="light" size="sm" tt="none">
                Monthly
              </Badge>
            )}
          </Group>
          {/* In the currency it was paid in, which is not always the site's. */}
          <Text fw={700}>{formatMoney(donation.amount, donation.currency)}</Text>
        </Group>
        {/* A message is plain text from the donor: React escapes it, and line breaks stay. */}
        {donation.message && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {donation.message}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={donation.createdAt} title={format.full(donation.createdAt)}>
            {format.relative(donation.createdAt)}
          </time>
        </Text>
      </Stack>
    </Paper>
  );
}

/** The newest donations: who gave (or Anonymous), how much, how often and what they said. */
export function DonorWall({ wall }: { wall: readonly WallDonation[] }) {
  return (
    <Stack component="section" gap="md" aria-labelledby="donor-wall-title">
      <Title order={2} size="h3" id="donor-wall-title">
        Recent supporters
      </Title>
      {wall.length === 0 ? (
        <Text c="dimmed">No donations yet. Yours could be the first.</Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="donor-wall-title"
        >
          {wall.map((donation) => (
            <WallEntry key={donation.id} donation={donation} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
