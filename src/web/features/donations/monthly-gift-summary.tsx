import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatMoney, type MonthlyGift, type MonthlyGiftState } from '../../../shared/donations';
import { useFormats } from '../../components/format-time';
import { confirm } from '../../shell/confirm-store';

const states: Record<MonthlyGiftState, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  stopping: { label: 'Stopping', color: 'yellow' },
  ended: { label: 'Ended', color: 'gray' },
};

/** "$25 a month", in the currency it is paid in. */
export const monthlyAmount = (gift: MonthlyGift) =>
  `${formatMoney(gift.amount, gift.currency)} a month`;

/** How much, since when, and whether it still goes on. */
export function MonthlyGiftSummary({ gift }: { gift: MonthlyGift }) {
  const format = useFormats();
  const state = states[gift.state];
  let when: string;
  if (gift.state === 'ended') {
    when = gift.endedAt ? `Ended on ${format.date(gift.endedAt)}.` : 'Ended.';
  } else if (gift.state === 'stopping') {
    when = 'Stopped: the payment provider confirms it in a moment. No further payment is taken.';
  } else {
    when = gift.lastPaidAt
      ? `Last paid on ${format.date(gift.lastPaidAt)}; paid again every month until you stop it.`
      : 'Paid every month until you stop it.';
  }
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={700} fz="lg">
          {monthlyAmount(gift)}
        </Text>
        <Badge color={state.color} variant="light">
          {state.label}
        </Badge>
      </Group>
      {gift.startedAt && (
        <Text size="sm" c="dimmed">
          Giving since {format.date(gift.startedAt)}.
        </Text>
      )}
      <Text size="sm">{when}</Text>
    </Stack>
  );
}

/** Asks before stopping, in the danger dialog: the donor's gift ends for good. */
export function confirmStop(gift: MonthlyGift, stop: () => Promise<void>) {
  confirm({
    type: 'danger',
    title: 'Stop your monthly gift?',
    message: `Your gift of ${monthlyAmount(gift)} ends now and no further payment is taken. What you have given stays given. To give monthly again, start a new gift on the donations page.`,
    confirmLabel: 'Stop my monthly gift',
    cancelLabel: 'Keep it',
    onConfirm: stop,
  });
}
