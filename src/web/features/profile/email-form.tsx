import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { changeEmailBody, type SessionUser } from '../../../shared/accounts';
import { useChangeEmail, type ChangeEmailInput } from './api/change-email';
import { currentPasswordSchema } from './current-password-schema';
import { SettingsSection } from './settings-section';
import { showServerError } from '../../shell/server-errors';

const changeEmailForm = changeEmailBody.extend({ password: currentPasswordSchema });

export function EmailForm({ user }: { user: SessionUser }) {
  const changeEmail = useChangeEmail();
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({
    initialValues: { newEmail: '', password: '' },
    validate: schemaResolver(changeEmailForm, { sync: true }),
  });

  const onSubmit = form.onSubmit(async (values) => {
    setLinkSentTo(null);
    try {
      await changeEmail.mutateAsync(values);
      setLinkSentTo(values.newEmail.trim());
      form.reset();
    } catch (error) {
      showServerError('Could not change your email', error, form);
    }
  });

  return (
    <SettingsSection
      title="Email address"
      description={`Your email address is ${user.email}. We send sign-in links and notices there.`}
    >
      {linkSentTo !== null && (
        <Alert color="green" role="status">
          <Text size="sm" fw={700}>
            Check your new inbox
          </Text>
          <Text size="sm">
            We sent a link to {linkSentTo}. Nothing changes until you follow it: until then you keep
            signing in with {user.email}.
          </Text>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <TextInput
            label="New email address"
            type="email"
            autoComplete="email"
            {...form.getInputProps('newEmail')}
          />
          <PasswordInput
            label="Current password"
            description="To make sure it is you."
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
            Send confirmation link
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
