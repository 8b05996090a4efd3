import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { deleteAccountBody, type SessionUser } from '../../../shared/accounts';
import { forgetUserData } from '../../api/session';
import { confirm } from '../../shell/confirm-store';
import { toast } from '../../shell/toast-store';
import { useDeleteAccount, type DeleteAccountInput } from './api/delete-account';
import { currentPasswordSchema } from './current-password-schema';
import { SettingsSection } from './settings-section';
import { showServerError } from '../../shell/server-errors';

const deleteAccountForm = deleteAccountBody.extend({ password: currentPasswordSchema });

/** The danger zone: typing one's own username arms the button, the confirm dialog fires it. */
export function DeleteAccount({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteAccount = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    initialValues: { username: '', password: '' },
    validate: schemaResolver(deleteAccountForm, { sync: true }),
  });
  const armed = user.username !== null && form.values.username.trim() === user.username;

  const onConfirm = async (values: DeleteAccountInput) => {
    try {
      await deleteAccount.mutateAsync({ ...values, username: values.username.trim() });
    } catch (error) {
      showServerError('Could not delete your account', error, form);
      return;
    }
    toast.show({ title: 'Account deleted', description: 'You have been signed out.' });
    try {
      // Leave the guarded page first: signed out on it, its guard would send us to sign in.
      await navigate('/', { replace: true });
    } finally {
      // Sets the session query to null and drops everything fetched for this account.
      await forgetUserData(queryClient);
    }
  };

  const onSubmit = form.onSubmit((values) =>
    confirm({
      title: 'Delete account',
      message:
        'Your account will be deleted for good and you will be signed out. Your posts and comments stay, shown as by “deleted user”. This cannot be undone.',
      confirmLabel: 'Delete my account',
      type: 'danger',
      onConfirm: () => onConfirm(values),
    }),
  );

  return (
    <SettingsSection
      title="Delete account"
      danger
      description="Deleting your account cannot be undone. What you wrote stays on the site, shown as by “deleted user”, so conversations keep making sense."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <TextInput
            label="Type your username to confirm"
            description={user.username ? `Your username is ${user.username}.` : undefined}
            autoComplete="off"
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Text size="sm" c="dimmed">
            You will be asked once more before anything is deleted.
          </Text>
          <Button type="submit" color="red" disabled={!armed} style={{ alignSelf: 'flex-start' }}>
            Delete account
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
