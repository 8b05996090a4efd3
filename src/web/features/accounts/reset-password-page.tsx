import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PrefetchLink } from '../../shell/prefetch-link';
import { toast } from '../../shell/toast-store';
import { errorMessage } from '../../shell/server-errors';
import { newPasswordFields, passwordsDiffer, passwordsMatch } from './new-password-schema';
import { policyViolationOf, useRefetchPasswordPolicy } from '../../api/password-policy';
import { PasswordRequirements, type RefusedPassword } from '../../components/password-requirements';
import { useResetPassword } from './reset-password';

const resetForm = z.object(newPasswordFields).refine(passwordsMatch, passwordsDiffer);

function NewLinkHint() {
  return (
    <Text size="sm">
      <Anchor component={PrefetchLink} to="/auth/forgot-password">
        Ask for a new link
      </Anchor>{' '}
      if this one expired or was already used.
    </Text>
  );
}

/** /auth/reset-password?token=…: choose a new password from the emailed link. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const reset = useResetPassword();
  const refetchPolicy = useRefetchPasswordPolicy();
  const [refused, setRefused] = useState<RefusedPassword | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetForm, { sync: true }),
  });

  const submit = form.onSubmit(({ password }) => {
    if (!token) return;
    setFailure(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.show({
            title: 'Password changed',
            description: 'Sign in with your new password.',
            color: 'green',
          });
          void navigate('/auth/login', { replace: true });
        },
        onError: (error) => {
          const rules = policyViolationOf(error);
          if (!rules) return setFailure(errorMessage(error));
          void refetchPolicy();
          setRefused({ password, rules });
          form.setFieldError('password', error.message);
        },
      },
    );
  });

  const heading = (
    <Title order={1} fz="h2">
      Choose a new password
    </Title>
  );
  if (!token) {
    return (
      <Stack gap="md">
        {heading}
        <Text>This page needs the link from the password reset email.</Text>
        <NewLinkHint />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {heading}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert" title="Could not change the password">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordRequirements password={form.getValues().password} refused={refused} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Change password
          </Button>
        </Stack>
      </form>
      {failure && <NewLinkHint />}
    </Stack>
  );
}
