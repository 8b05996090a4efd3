import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type Campaign, type DonationCurrency } from '../../../shared/donations';
import { useSite } from '../../api/get-site';
import { useFormats } from '../../components/format-time';
import classes from './campaign-card.module.css';

/** The admins' plain text, split into paragraphs on blank lines; single breaks stay. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

function timeLeft(daysLeft: number | null): string {
  if (daysLeft === null) return 'Open-ended';
  if (daysLeft === 0) return 'Last day';
  return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`;
}

/** "EUR", "EUR and GBP", "CAD, EUR, and GBP". */
const listOf = (currencies: readonly string[]) =>
  new Intl.ListFormat('en', { type: 'conjunction' }).format(
    currencies.map((code) => code.toUpperCase()),
  );

/** The campaign: why to give, how far it has come, who has given and how long is left. */
export function CampaignCard({
  campaign,
  currency,
}: {
  campaign: Campaign;
  currency: DonationCurrency;
}) {
  const format = useFormats();
  const percent =
    campaign.goal > 0 ? Math.min(100, Math.floor((campaign.raised / campaign.goal) * 100)) : 0;
  const raised = formatMoney(campaign.raised, currency);
  const goal = formatMoney(campaign.goal, currency);
  const supporters = `${format.number(campaign.supporters)} ${campaign.supporters === 1 ? 'supporter' : 'supporters'}`;

  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      aria-labelledby="campaign-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="campaign-title" style={{ overflowWrap: 'anywhere' }}>
          {campaign.title}
        </Title>
        {paragraphs(campaign.text).map((paragraph, index) => (
          <Text key={index} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {paragraph}
          </Text>
        ))}
        <Stack gap={6}>
          {/* A plain bar, not Mantine's Progress: a page importing Progress makes the bundler
              split three Mantine internals out of the entry chunk, ~0.5 KB more for every
              visitor of every page. */}
          <div
            className={classes.track}
            role="progressbar"
            aria-label={`${raised} raised of ${goal} (${percent}%)`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={classes.bar} style={{ width: `${percent}%` }} />
          </div>
          <Text>
            <Text span fw={700} fz="lg">
              {raised}
            </Text>{' '}
            raised of {goal}
          </Text>
        </Stack>
        <Group gap="lg">
          <Text size="sm">{supporters}</Text>
          <Text size="sm">{timeLeft(campaign.daysLeft)}</Text>
        </Group>
        {campaign.otherCurrencies.length > 0 && (
          <Text size="sm" c="dimmed">
            {`The progress counts gifts in ${currency.toUpperCase()} only; gifts in ${listOf(campaign.otherCurrencies)} are not converted into it.`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Without a campaign, a few words on what donations are for. */
export function GeneralAppeal() {
  const site = useSite();
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      aria-labelledby="appeal-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="appeal-title">
          Support {site.name}
        </Title>
        <Text>
          Donations pay for the servers, storage and email that keep {site.name} running. Every
          amount helps, once or every month.
        </Text>
      </Stack>
    </Paper>
  );
}
