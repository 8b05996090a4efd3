import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import {
  donationIntervalLabels,
  formatMoney,
  sessionIdSchema,
  type demoCheckoutResponse,
} from '../../../shared/donations';
import type { z } from 'zod';
import { isApiError } from '../../api/api-client';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { showServerError } from '../../shell/server-errors';
import { useDemoCheckout } from './api/get-demo-checkout';
import { useCancelDemoCheckout, usePayDemoCheckout } from './api/finish-demo-checkout';
import { TestModeNotice } from './test-mode-notice';

type DemoCheckout = z.infer<typeof demoCheckoutResponse>;

function DonationsPageLink() {
  return (
    <Anchor component={PrefetchLink} to="/donations">
      Back to the donations page
    </Anchor>
  );
}

/** Where the receipt goes: the member's verified address, or the thank-you page. */
function ReceiptNote({ receiptTo }: { receiptTo: string | null }) {
  if (receiptTo === null) {
    return (
      <Text size="sm">
        Your receipt shows on the next page. A test checkout mails no address typed in here.
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      The receipt goes to your verified address, <strong>{receiptTo}</strong>.
    </Text>
  );
}

/** Pay or cancel; both leave for the page the server names. */
function PayActions({ checkout }: { checkout: DemoCheckout }) {
  const navigate = useNavigate();
  const pay = usePayDemoCheckout();
  const cancel = useCancelDemoCheckout();
  const { sessionId } = checkout;
  const amount = formatMoney(checkout.amount, checkout.currency);

  const onPay = async () => {
    try {
      await navigate(await pay.mutateAsync({ sessionId }));
    } catch (error) {
      showServerError('The test payment failed', error);
    }
  };
  const onCancel = async () => {
    try {
      await navigate(await cancel.mutateAsync({ sessionId }));
    } catch (error) {
      showServerError('Could not cancel the checkout', error);
    }
  };

  return (
    <Stack gap="md">
      <ReceiptNote receiptTo={checkout.receiptTo} />
      <Group gap="sm">
        <Button onClick={() => void onPay()} loading={pay.isPending} disabled={cancel.isPending}>
          {`Pay ${amount}${checkout.interval === 'monthly' ? ' monthly' : ''}`}
        </Button>
        <Button
          variant="default"
          onClick={() => void onCancel()}
          loading={cancel.isPending}
          disabled={pay.isPending}
        >
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function CheckoutView({ checkout }: { checkout: DemoCheckout }) {
  const amount = formatMoney(checkout.amount, checkout.currency);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {`${donationIntervalLabels[checkout.interval]} donation`}
          </Text>
          <Text fz={28} fw={700}>
            {checkout.interval === 'monthly' ? `${amount} a month` : amount}
          </Text>
        </Stack>
        {checkout.state === 'open' ? (
          <PayActions checkout={checkout} />
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>
              {checkout.state === 'paid'
                ? 'This checkout is already paid. Thank you!'
                : 'This checkout was cancelled. Nothing was charged.'}
            </Text>
            <DonationsPageLink />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /donate/checkout/{sessionId}: the demo checkout that stands in for the payment provider's
 * page when the site runs in test mode. Paying records a donation; no money moves.
 */
export function DemoCheckoutPage() {
  const { sessionId: param } = useParams();
  const sessionId = sessionIdSchema.safeParse(param).success ? (param ?? null) : null;
  const checkout = useDemoCheckout(sessionId);

  let content;
  if (sessionId === null || (isApiError(checkout.error) && checkout.error.code === 'not-found')) {
    content = (
      <Alert color="red">
        <Stack gap="xs" align="flex-start">
          <Text fw={700}>Checkout not found</Text>
          <Text size="sm">This checkout does not exist, or was started in another browser.</Text>
          <DonationsPageLink />
        </Stack>
      </Alert>
    );
  } else if (checkout.isPending) {
    content = <LoadingStatus label="Loading the checkout" py="xl" />;
  } else if (checkout.isError) {
    content = <LoadError title="Could not load the checkout" error={checkout.error} />;
  } else {
    content = <CheckoutView checkout={checkout.data} />;
  }

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Checkout</Title>
      <TestModeNotice>
        This is the site’s demo checkout: no card is asked for and nothing is charged. Paying
        records a test donation.
      </TestModeNotice>
      {content}
    </Stack>
  );
}
