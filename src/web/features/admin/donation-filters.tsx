import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  donationIntervalLabels,
  donationIntervals,
  donationStatuses,
  donationStatusLabels,
} from '../../../shared/donations';
import {
  donationFiltersFrom,
  donationSearch,
  type DonationFilters,
} from './api/get-admin-donations';

type Values = Required<Record<keyof DonationFilters, string>>;

function toValues(filters: DonationFilters): Values {
  return {
    from: filters.from ?? '',
    to: filters.to ?? '',
    status: filters.status ?? '',
    interval: filters.interval ?? '',
  };
}

interface DonationFiltersFormProps {
  filters: DonationFilters;
  onApply: (filters: DonationFilters) => void;
}

/** Dates, status and how often: applied together, kept in the URL so a view can be linked. */
export function DonationFiltersForm({ filters, onApply }: DonationFiltersFormProps) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: toValues(filters) });
  const filtered = donationSearch(filters).toString() !== '';

  return (
    <form
      aria-label="Filter the donations"
      onSubmit={form.onSubmit((values) =>
        onApply(donationFiltersFrom(new URLSearchParams(values))),
      )}
    >
      <Group align="flex-end" gap="sm">
        <TextInput type="date" label="From" w={170} {...form.getInputProps('from')} />
        <TextInput type="date" label="To" w={170} {...form.getInputProps('to')} />
        <NativeSelect
          label="Status"
          w={150}
          data={[
            { value: '', label: 'Any status' },
            ...donationStatuses.map((status) => ({
              value: status,
              label: donationStatusLabels[status],
            })),
          ]}
          {...form.getInputProps('status')}
        />
        <NativeSelect
          label="How often"
          w={150}
          data={[
            { value: '', label: 'Both' },
            ...donationIntervals.map((interval) => ({
              value: interval,
              label: donationIntervalLabels[interval],
            })),
          ]}
          {...form.getInputProps('interval')}
        />
        <Button type="submit">Apply filters</Button>
        {filtered && (
          <Button
            variant="default"
            onClick={() => {
              form.setValues(toValues({}));
              onApply({});
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </form>
  );
}
