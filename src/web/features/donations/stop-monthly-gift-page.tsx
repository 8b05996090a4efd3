import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { MonthlyGift } from '../../../shared/donations';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError } from '../../shell/server-errors';
import { useMonthlyGiftLink, useStopMonthlyGiftByLink } from './api/monthly-gift-link';
import { confirmStop, MonthlyGiftSummary } from './monthly-gift-summary';

function AccountLink() {
  return (
    <Text size="sm">
      Signed in, you find your monthly gifts on your{' '}
      <Anchor component={PrefetchLink} to="/user-profile#monthly-gift">
        account page
      </Anchor>
      .
    </Text>
  );
}

/** The gift the link names, and the question; the answer replaces it in place. */
function StopGift({ token, gift }: { token: string; gift: MonthlyGift }) {
  const stop = useStopMonthlyGiftByLink(token);
  const onStop = () =>
    confirmStop(gift, async () => {
      try {
        await stop.mutateAsync();
      } catch (error) {
        showServerError('Could not stop the monthly gift', error);
      }
    });
  let outcome: ReactNode;
  if (gift.state === 'active') {
    outcome = (
      <Button color="red" onClick={onStop} loading={stop.isPending}>
        Stop my monthly gift
      </Button>
    );
  } else {
    outcome = (
      <Alert color={gift.state === 'ended' ? 'gray' : 'yellow'} role="status" w="100%">
        {gift.state === 'ended'
          ? 'This monthly gift has ended. No further payment is taken.'
          : 'This monthly gift is stopping: the payment provider confirms it in a moment. No further payment is taken.'}
      </Alert>
    );
  }
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="md" align="flex-start">
        <MonthlyGiftSummary gift={gift} />
        {outcome}
      </Stack>
    </Paper>
  );
}

/**
 * /donate/stop?token=: where the link in a monthly gift's receipt leads, signed in or not. It
 * asks before stopping (mail scanners open links), then says what became of the gift.
 */
export function StopMonthlyGiftPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const link = useMonthlyGiftLink(token);

  let content: ReactNode;
  if (token === null) {
    content = (
      <Alert color="red" title="This link is incomplete">
        Open the link from the receipt again, or copy all of it into the address bar.
      </Alert>
    );
  } else if (link.isPending) {
    content = <LoadingStatus label="Checking the link" py="xl" />;
  } else if (link.isError) {
    content = <LoadError title="This link does not work" error={link.error} />;
  } else {
    content = <StopGift token={token} gift={link.data.gift} />;
  }

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Stop a monthly gift</Title>
      {/* One live region, so the change from the question to its answer is heard. */}
      <div aria-live="polite">{content}</div>
      <AccountLink />
    </Stack>
  );
}
