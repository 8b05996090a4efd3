import { Button, Group, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { siteSettingsBody } from '../../../shared/site-settings';
import { siteQueryOptions, type Site } from '../../api/get-site';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useUpdateSiteSettings, type SiteSettingsInput } from './api/update-site-settings';
import { LoadError, LoadingStatus } from '../../components/query-list';

const descriptionMax = 300;

function SiteSettingsFields({ site }: { site: Site }) {
  const update = useUpdateSiteSettings();
  const form = useForm<SiteSettingsInput>({
    mode: 'controlled',
    initialValues: {
      name: site.name,
      description: site.description,
      staffSecondFactor: site.staffSecondFactor,
    },
    validate: schemaResolver(siteSettingsBody, { sync: true }),
  });
  const description = form.getValues().description;

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.resetDirty(saved);
      showSuccess('Site settings saved');
    } catch (error) {
      showServerError('Could not save the site settings', error, form);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={560}>
        <TextInput label="Site name" required maxLength={60} {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          description={
            <Text span size="xs" c={description.length > descriptionMax ? 'red' : 'dimmed'}>
              {description.length} / {descriptionMax} characters
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('description')}
        />
        <Switch
          label="Staff must use a second factor"
          description="Admins and moderators without one are sent to set it up before any staff page or action. Turn on your own first."
          {...form.getInputProps('staffSecondFactor', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The site's name and description (the header, the footer and every page's <head>), and
 * whether staff must use a second factor.
 */
export function SiteSettingsForm() {
  const site = useQuery(siteQueryOptions());
  if (site.isPending) return <LoadingStatus label="Loading the site settings" />;
  if (site.isError) {
    return <LoadError title="Could not load the site settings" error={site.error} />;
  }
  return <SiteSettingsFields site={site.data} />;
}
