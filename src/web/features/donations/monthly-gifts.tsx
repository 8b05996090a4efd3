import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import type { MonthlyGift } from '../../../shared/donations';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useMonthlyGifts } from './api/get-monthly-gifts';
import { useStopMonthlyGift } from './api/stop-monthly-gift';
import { confirmStop, monthlyAmount, MonthlyGiftSummary } from './monthly-gift-summary';

function Gift({ gift }: { gift: MonthlyGift }) {
  const stop = useStopMonthlyGift();
  const onStop = () =>
    confirmStop(gift, async () => {
      try {
        const stopped = await stop.mutateAsync(gift.id);
        if (stopped.state === 'ended')
          showSuccess('Monthly gift stopped', 'No further payment is taken.');
        else
          showSuccess(
            'Stopping your monthly gift',
            'The payment provider confirms it in a moment.',
          );
      } catch (error) {
        showServerError('Could not stop the monthly gift', error);
      }
    });
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap="sm" align="flex-start">
        <MonthlyGiftSummary gift={gift} />
        {gift.state === 'active' && (
          <Button
            color="red"
            variant="light"
            onClick={onStop}
            loading={stop.isPending}
            aria-label={`Stop my monthly gift of ${monthlyAmount(gift)}`}
          >
            Stop my monthly gift
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The account page's monthly gifts: each with its state, and a way to stop it without asking
 * anyone. The payment provider is told; the gift ends when it confirms.
 */
export function MonthlyGifts() {
  const gifts = useMonthlyGifts();
  if (gifts.isPending) return <LoadingStatus label="Loading your monthly gifts" />;
  if (gifts.isError) {
    return <LoadError title="Could not load your monthly gifts" error={gifts.error} />;
  }
  if (gifts.data.gifts.length === 0) {
    return (
      <Text>
        You give no monthly gift. One you start on the{' '}
        <Anchor component={PrefetchLink} to="/donations">
          donations page
        </Anchor>{' '}
        shows here, and you can stop it here at any time.
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Your monthly gifts"
    >
      {gifts.data.gifts.map((gift) => (
        <Gift key={gift.id} gift={gift} />
      ))}
    </Stack>
  );
}
