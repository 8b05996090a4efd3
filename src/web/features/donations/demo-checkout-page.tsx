import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate, useParams } from 'react-router';
import {
  demoPayBody,
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

/** The donor's address for the receipt, then pay or cancel; both leave for the server's page. */
function PayForm({ checkout }: { checkout: DemoCheckout }) {
  const navigate = useNavigate();
  const pay = usePayDemoCheckout();
  const cancel = useCancelDemoCheckout();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: checkout.email ?? '' },
    validate: schemaResolver(demoPayBody, { sync: true }),
  });
  const { sessionId } = checkout;
  const amount = formatMoney(checkout.amount, checkout.currency);

  const onSubmit = form.onSubmit(async ({ email }) => {
    try {
      await navigate(await pay.mutateAsync({ sessionId, email: email.trim() }));
    } catch (error) {
      showServerError('The test payment failed', error, form);
    }
  });
  const onCancel = async () => {
    try {
      await navigate(await cancel.mutateAsync({ sessionId }));
    } catch (error) {
      showServerError('Could not cancel the checkout', error);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          description="The receipt goes to this address."
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Group gap="sm">
          <Button type="submit" loading={pay.isPending} disabled={cancel.isPending}>
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
    </form>
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
          <PayForm checkout={checkout} />
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
