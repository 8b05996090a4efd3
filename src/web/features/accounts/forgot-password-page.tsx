import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailBody } from '../../../shared/accounts';
import { PrefetchLink } from '../../shell/prefetch-link';
import { CheckInbox } from './check-inbox';
import { errorMessage } from '../../shell/server-errors';
import { useRequestPasswordReset } from './request-password-reset';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(emailBody, { sync: true }),
  });
  const submit = form.onSubmit((values) => request.mutate(emailBody.parse(values).email));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Forgot password
        </Title>
        <Text c="dimmed" size="sm">
          Type the email address of your account and we will send you a link to choose a new
          password.
        </Text>
      </Stack>
      {request.isSuccess ? (
        <CheckInbox>
          If an account uses <strong>{request.variables}</strong>, a link to choose a new password
          is on its way. It works once.
        </CheckInbox>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {request.isError && (
              <Alert color="red" role="alert">
                {errorMessage(request.error)}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              Send the link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={PrefetchLink} to="/auth/login" size="sm" ta="center" underline="hover">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
