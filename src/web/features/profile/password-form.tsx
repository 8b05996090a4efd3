import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { changePasswordBody, passwordSchema } from '../../../shared/accounts';
import { policyViolationOf, useRefetchPasswordPolicy } from '../../api/password-policy';
import { useSession } from '../../api/session';
import { PasswordRequirements, type RefusedPassword } from '../../components/password-requirements';
import { toast } from '../../shell/toast-store';
import { useChangePassword } from './api/change-password';
import { currentPasswordSchema } from './current-password-schema';
import { SettingsSection } from './settings-section';
import { errorMessage, showServerError } from '../../shell/server-errors';

const changePasswordForm = changePasswordBody
  .extend({
    currentPassword: currentPasswordSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

type ChangePasswordValues = z.input<typeof changePasswordForm>;

export function PasswordForm() {
  const user = useSession().data;
  const refetchPolicy = useRefetchPasswordPolicy();
  const changePassword = useChangePassword();
  const [refusal, setRefusal] = useState<RefusedPassword | null>(null);
  const form = useForm<ChangePasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(changePasswordForm, { sync: true }),
  });
  const typedPassword = form.values.newPassword;

  const onSubmit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      form.reset();
      setRefusal(null);
      toast.show({
        title: 'Password changed',
        description: 'Your other devices were signed out.',
        color: 'green',
      });
    } catch (error) {
      const rules = policyViolationOf(error);
      if (!rules) {
        showServerError('Could not change password', error, form);
        return;
      }
      // The policy may have changed since the page loaded; show the one the server applies.
      void refetchPolicy();
      setRefusal({ password: newPassword, rules });
      form.setFieldError('newPassword', errorMessage(error));
    }
  });

  return (
    <SettingsSection
      title="Password"
      description="Changing your password signs out every other device."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordRequirements
            password={typedPassword}
            owner={user ? { email: user.email, username: user.username ?? '' } : undefined}
            refused={refusal}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
