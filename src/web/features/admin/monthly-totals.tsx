import { Stack, Table, Text, Title } from '@mantine/core';
import { formatMoneyTotals } from '../../../shared/donations';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { useDonationMonths } from './api/get-donation-months';

const monthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2025-03" → "March 2025". */
function monthName(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormat.format(date);
}

/**
 * Received money per month, net of refunds, newest first as the server sends them; a month
 * with gifts in several currencies shows a sum for each ("$120 · €20"), never one added up.
 */
export function MonthlyTotals() {
  const months = useDonationMonths();

  let content;
  if (months.isPending) {
    content = <LoadingStatus label="Loading the monthly totals" />;
  } else if (months.isError) {
    content = <LoadError title="Could not load the monthly totals" error={months.error} />;
  } else if (months.data.months.length === 0) {
    content = <Text c="dimmed">No money received yet.</Text>;
  } else {
    const { currency } = months.data;
    content = (
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" striped aria-labelledby="donation-months-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Month</Table.Th>
              <Table.Th scope="col">Donations</Table.Th>
              <Table.Th scope="col">Received</Table.Th>
              <Table.Th scope="col">Refunded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.data.months.map((row) => (
              <Table.Tr key={row.month}>
                <Table.Th scope="row" fw={500}>
                  {monthName(row.month)}
                </Table.Th>
                <Table.Td>{row.count.toLocaleString()}</Table.Td>
                <Table.Td>{formatMoneyTotals(row.amounts, currency)}</Table.Td>
                <Table.Td>
                  {formatMoneyTotals(
                    row.amounts.map((sum) => ({ currency: sum.currency, amount: sum.refunded })),
                    currency,
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby="donation-months-title">
      <Title order={2} size="h3" id="donation-months-title">
        Monthly totals
      </Title>
      {content}
    </Stack>
  );
}
