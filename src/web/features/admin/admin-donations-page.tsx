import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '../../components/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoneyTotals, type AdminDonation } from '../../../shared/donations';
import { QueryList } from '../../components/query-list';
import { ReasonDialog } from '../../components/reason-dialog';
import { showSuccess } from '../../shell/server-errors';
import {
  donationFiltersFrom,
  donationSearch,
  donationsExportPath,
  useAdminDonations,
} from './api/get-admin-donations';
import { useDonationMonths } from './api/get-donation-months';
import { useModerateDonationMessage } from './api/moderate-donation-message';
import { CampaignSettingsForm } from './campaign-settings-form';
import { DonationFiltersForm } from './donation-filters';
import { DonationsTable } from './donations-table';
import { MonthlyTotals } from './monthly-totals';

/** Hiding takes a message off the public wall; restoring puts it back. Both are audited. */
function ModerateMessageDialog({
  donation,
  onClose,
}: {
  donation: AdminDonation | null;
  onClose: () => void;
}) {
  const moderate = useModerateDonationMessage();
  // The dialog keeps its words while it fades out after closing.
  const [last, setLast] = useState(donation);
  if (donation !== null && donation !== last) setLast(donation);
  const shown = donation ?? last;
  const hide = shown?.messageHidden === false;
  return (
    <ReasonDialog
      opened={donation !== null}
      onClose={onClose}
      title={`${hide ? 'Hide' : 'Restore'} the message of ${shown?.name ?? ''}`}
      hint={
        hide
          ? 'The message leaves the donor wall; the donation stays. The reason goes to the audit log.'
          : 'The message shows on the donor wall again. The reason goes to the audit log.'
      }
      submitLabel={hide ? 'Hide' : 'Restore'}
      failureTitle="Could not change the message"
      onSubmit={async (reason) => {
        if (!donation) return;
        await moderate.mutateAsync({ id: donation.id, hidden: hide, reason });
        showSuccess(hide ? 'Message hidden' : 'Message restored');
      }}
    />
  );
}

/**
 * /admin/donations: every donation, filtered by dates, status and how often (kept in the
 * URL), with their totals and a CSV of them; money per month; and the campaign's settings.
 */
export function AdminDonationsPage() {
  const [params, setParams] = useSearchParams();
  const filters = donationFiltersFrom(params);
  const donations = useAdminDonations(filters);
  const months = useDonationMonths();
  const [moderating, setModerating] = useState<AdminDonation | null>(null);
  const pages = donations.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const totals = pages[0]?.totals;
  // The site's currency: zero is shown in it when nothing matches.
  const currency = months.data?.currency;
  const filtered = donationSearch(filters).toString() !== '';

  return (
    <Stack gap="xl">
      <Title order={1}>Donations</Title>
      <Stack gap="md">
        <DonationFiltersForm
          // A link that changes the URL starts the form from it.
          key={params.toString()}
          filters={filters}
          onApply={(next) => setParams(donationSearch(next))}
        />
        <Group justify="space-between" gap="sm">
          <Text fw={500} aria-live="polite">
            {totals &&
              `${totals.count.toLocaleString()} ${totals.count === 1 ? 'donation' : 'donations'} · ${formatMoneyTotals(totals.amounts, currency)} received, net of refunds`}
          </Text>
          <Button
            component="a"
            href={donationsExportPath(filters)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
        </Group>
        <QueryList
          query={donations}
          items={items}
          label="Donations"
          subject="the donations"
          py="xl"
          empty={filtered ? 'No donation matches these filters.' : 'No donations yet.'}
          moreLabel="Load more donations"
          renderItems={(rows, list) => (
            <DonationsTable donations={rows} {...list} onModerate={setModerating} />
          )}
        />
      </Stack>
      <MonthlyTotals />
      <CampaignSettingsForm />
      <ModerateMessageDialog donation={moderating} onClose={() => setModerating(null)} />
    </Stack>
  );
}
