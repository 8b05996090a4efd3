import { Paper, Stack, Text, Title } from '@mantine/core';
import { CategoriesEditor } from './categories-editor';
import { SiteSettingsForm } from './site-settings-form';

/** /admin/settings: the site's name and description, and the forum's categories. */
export function AdminSettingsPage() {
  return (
    <Stack gap="xl" maw={860}>
      <Title order={1}>Site settings</Title>
      <Paper component="section" withBorder p="lg" radius="md" aria-labelledby="site-identity">
        <Stack gap="md">
          <Title order={2} size="h3" id="site-identity">
            Site identity
          </Title>
          <SiteSettingsForm />
        </Stack>
      </Paper>
      <Paper component="section" withBorder p="lg" radius="md" aria-labelledby="site-categories">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3" id="site-categories">
              Forum categories
            </Title>
            <Text c="dimmed">Archived categories keep their threads but take no new ones.</Text>
          </Stack>
          <CategoriesEditor />
        </Stack>
      </Paper>
    </Stack>
  );
}
