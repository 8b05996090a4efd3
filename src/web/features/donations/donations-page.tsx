import { SimpleGrid, Stack, Title } from '@mantine/core';
import { LoadError, LoadingStatus } from '../../components/query-list';
import type { PagePrefetch } from '../../shell/page-prefetch';
import { donationsPageQueryOptions, useDonationsPage } from './api/get-donations';
import { CampaignCard, GeneralAppeal } from './campaign-card';
import { DonationForm } from './donation-form';
import { DonorWall } from './donor-wall';
import { TestModeNotice } from './test-mode-notice';

/** What the donations page reads, fetched before a server render draws it. */
export function prefetchDonationsPage({ queryClient }: PagePrefetch) {
  return queryClient.prefetchQuery(donationsPageQueryOptions());
}

/** /donations: the campaign (or why to give), the form, and the wall of recent supporters. */
export function DonationsPage() {
  const page = useDonationsPage();

  let content;
  if (page.isPending) {
    content = <LoadingStatus label="Loading the donations page" py="xl" />;
  } else if (page.isError) {
    content = <LoadError title="Could not load the donations page" error={page.error} />;
  } else {
    const { currency, testMode, campaign, wall } = page.data;
    content = (
      <>
        {testMode && (
          <TestModeNotice>
            Payments go through a demo checkout on this site: no card is asked for and nothing is
            charged.
          </TestModeNotice>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {campaign ? <CampaignCard campaign={campaign} currency={currency} /> : <GeneralAppeal />}
          <DonationForm currency={currency} />
        </SimpleGrid>
        <DonorWall wall={wall} />
      </>
    );
  }

  return (
    <Stack gap="xl" maw={960}>
      <Title order={1}>Donations</Title>
      {content}
    </Stack>
  );
}
