import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { SessionUser } from '../../../shared/accounts';
import { updateProfileBody } from '../../../shared/accounts';
import { toast } from '../../shell/toast-store';
import { useUpdateDisplayName, type UpdateDisplayNameInput } from './api/update-display-name';
import { SettingsSection } from './settings-section';
import { showServerError } from '../../shell/server-errors';

export function DisplayNameForm({ user }: { user: SessionUser }) {
  const updateDisplayName = useUpdateDisplayName();
  const form = useForm<UpdateDisplayNameInput>({
    initialValues: { name: user.name },
    validate: schemaResolver(updateProfileBody, { sync: true }),
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      // The page keys this form by the saved name, so a new name starts a fresh form.
      await updateDisplayName.mutateAsync(values);
      toast.show({ title: 'Display name saved', color: 'green' });
    } catch (error) {
      showServerError('Could not save your display name', error, form);
    }
  });

  return (
    <SettingsSection title="Display name" description="The name shown next to your posts.">
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Display name"
            autoComplete="name"
            style={{ flex: 1, minWidth: 220 }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            Save name
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
