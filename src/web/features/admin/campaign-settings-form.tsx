import {
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { donationLimits, type CampaignSettings } from '../../../shared/donations';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useCampaignSettings } from './api/get-campaign-settings';
import { useSaveCampaignSettings } from './api/save-campaign-settings';
import {
  campaignForm,
  campaignFormValues,
  toCampaignSettings,
  type CampaignFormValues,
} from './campaign-form-schema';

function CampaignFields({ settings }: { settings: CampaignSettings | null }) {
  const save = useSaveCampaignSettings();
  const form = useForm<CampaignFormValues>({
    mode: 'controlled',
    initialValues: campaignFormValues(settings),
    validate: schemaResolver(campaignForm, { sync: true }),
  });
  const text = form.getValues().text;

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toCampaignSettings(values));
      form.resetDirty(campaignFormValues(saved));
      showSuccess('Campaign saved', 'The donations page shows it now.');
    } catch (error) {
      showServerError('Could not save the campaign', error, form);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="campaign-settings-title">
      <Stack gap="sm" maw={640}>
        <TextInput
          label="Title"
          required
          maxLength={donationLimits.campaignTitleMax}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Why to give"
          autosize
          minRows={4}
          maxLength={donationLimits.campaignTextMax}
          description={`Plain text; a blank line starts a new paragraph. ${text.length} / ${donationLimits.campaignTextMax} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('text')}
        />
        <NumberInput
          label="Goal"
          description="In the site’s currency: 5000 is 5,000."
          required
          allowNegative={false}
          thousandSeparator=","
          inputMode="decimal"
          {...form.getInputProps('goal')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="date" label="Starts on" required {...form.getInputProps('startsAt')} />
          <TextInput
            type="date"
            label="Ends on"
            description="Leave empty for an open-ended campaign."
            {...form.getInputProps('endsAt')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save campaign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The campaign the donations page shows: its words, its goal and its dates. */
export function CampaignSettingsForm() {
  const settings = useCampaignSettings();

  let content;
  if (settings.isPending) {
    content = <LoadingStatus label="Loading the campaign" />;
  } else if (settings.isError) {
    content = <LoadError title="Could not load the campaign" error={settings.error} />;
  } else {
    content = (
      <>
        {settings.data === null && (
          <Text c="dimmed">No campaign yet: the donations page shows a general appeal.</Text>
        )}
        <CampaignFields settings={settings.data} />
      </>
    );
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby="campaign-settings-title">
      <Title order={2} size="h3" id="campaign-settings-title">
        Campaign
      </Title>
      {content}
    </Stack>
  );
}
