import {
  Alert,
  Button,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';

import { useMemo, useState } from 'react';
import {
  donationIntervalLabels,
  donationIntervals,
  donationLimits,
  formatMoney,
  type DonationCurrency,
} from '../../../shared/donations';
import { useAuthState } from '../../shell/auth-state';
import { useFormKeepsTyping } from '../../shell/kept-typing';
import { errorMessage, fieldErrorsFrom } from '../../shell/server-errors';
import { useStartCheckout } from './api/start-checkout';
import {
  amountOf,
  donationForm,
  initialDonationForm,
  OTHER_AMOUNT,
  toCheckoutBody,
  type DonationFormValues,
} from './donation-form-schema';

/** "Donate $25", "Donate $25 monthly"; plain "Donate" while the typed amount is not valid. */
function submitLabel(values: DonationFormValues, currency: DonationCurrency): string {
  const amount = amountOf(values, currency);
  if (amount === null) return 'Donate';
  const often = values.interval === 'monthly' ? ' monthly' : '';
  return `Donate ${formatMoney(amount, currency)}${often}`;
}

/**
 * The server's refusal on the fields it names, the rest in words beside the button. An amount
 * refused while a preset is chosen has no field to sit on, so it goes in words too.
 */
function placeErrors(error: unknown, values: DonationFormValues, amount: number, member: boolean) {
  const named = fieldErrorsFrom(error, toCheckoutBody(values, amount, member));
  const fields: FormErrors = {};
  if (named.amount && values.choice === OTHER_AMOUNT) fields.other = named.amount;
  if (named.message) fields.message = named.message;
  if (named.name) fields.name = named.name;
  return { fields, words: Object.keys(fields).length > 0 ? null : errorMessage(error) };
}

/**
 * How much, how often, what to say and under which name; the payment itself happens on the
 * provider's checkout page (or the demo checkout), which the browser is sent to.
 */
export function DonationForm({ currency }: { currency: DonationCurrency }) {
  const { isUser: member, user } = useAuthState();
  const checkout = useStartCheckout();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const validate = useMemo(
    () => schemaResolver(donationForm(member, currency), { sync: true }),
    [member, currency],
  );
  const form = useForm<DonationFormValues>({
    mode: 'controlled',
    initialValues: initialDonationForm,
    validate,
  });
  // The server draws this form: what was chosen and typed before the app started stays.
  useFormKeepsTyping(form);
  const values = form.getValues();

  const onSubmit = form.onSubmit(async (submitted) => {
    const amount = amountOf(submitted, currency);
    if (amount === null) return;
    setFailure(null);
    try {
      const url = await checkout.mutateAsync(toCheckoutBody(submitted, amount, member));
      setLeaving(true);
      window.location.assign(url);
    } catch (error) {
      const { fields, words } = placeErrors(error, submitted, amount, member);
      form.setErrors(fields);
      setFailure(words);
    }
  });

  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={onSubmit} noValidate aria-labelledby="donate-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="donate-title">
            Give
          </Title>
          <Stack gap={6}>
            <Text component="span" id="donate-amount" size="sm" fw={500}>
              Amount
            </Text>
            <SegmentedControl
              aria-labelledby="donate-amount"
              name="choice"
              fullWidth
              value={values.choice}
              onChange={(choice) => form.setFieldValue('choice', choice)}
              data={[
                ...donationLimits.presets.map((preset) => ({
                  value: String(preset),
                  label: formatMoney(preset, currency),
                })),
                { value: OTHER_AMOUNT, label: 'Other' },
              ]}
            />
          </Stack>
          {values.choice === OTHER_AMOUNT && (
            <NumberInput
              label="Other amount"
              name="other"
              description={`From ${formatMoney(donationLimits.minAmount, currency)} to ${formatMoney(donationLimits.maxAmount, currency)}`}
              required
              allowNegative={false}
              thousandSeparator=","
              inputMode="decimal"
              {...form.getInputProps('other')}
            />
          )}
          <Stack gap={6}>
            <Text component="span" id="donate-interval" size="sm" fw={500}>
              How often
            </Text>
            <SegmentedControl
              aria-labelledby="donate-interval"
              name="interval"
              fullWidth
              value={values.interval}
              onChange={(interval) =>
                form.setFieldValue('interval', interval === 'monthly' ? 'monthly' : 'once')
              }
              data={donationIntervals.map((interval) => ({
                value: interval,
                label: donationIntervalLabels[interval],
              }))}
            />
          </Stack>
          <Textarea
            label="Public message (optional)"
            name="message"
            autosize
            minRows={2}
            maxLength={donationLimits.messageMax}
            description={`${values.message.length} / ${donationLimits.messageMax} characters, shown on the donor wall`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('message')}
          />
          <Radio.Group label="On the donor wall" name="wall" {...form.getInputProps('wall')}>
            <Stack gap="xs" mt={6}>
              <Radio
                value="name"
                label="Show my name on the donor wall"
                description={user ? `As ${user.name}` : undefined}
              />
              <Radio value="anonymous" label="Appear as Anonymous" />
            </Stack>
          </Radio.Group>
          {!member && values.wall === 'name' && (
            <TextInput
              label="Name on the wall"
              name="name"
              required
              maxLength={donationLimits.nameMax}
              autoComplete="name"
              {...form.getInputProps('name')}
            />
          )}
          {failure && (
            <Alert color="red" role="alert">
              <Text size="sm" fw={700}>
                Could not start the payment
              </Text>
              <Text size="sm">{failure}</Text>
            </Alert>
          )}
          <Button
            type="submit"
            size="md"

            loading={checkout.isPending || leaving}
          >
            {submitLabel(values, currency)}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
