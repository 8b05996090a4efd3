import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailBody } from '../../../shared/accounts';
import { useSession } from '../../api/session';
import { CheckInbox } from './check-inbox';
import { errorMessage } from '../../shell/server-errors';
import { useResendVerification } from './resend-verification';

/**
 * Asks for a new verification link: a signed-in user gets it at their own address with one
 * button; anyone else types the address.
 */
export function ResendVerificationForm() {
  const user = useSession().data;
  const resend = useResendVerification();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(emailBody, { sync: true }),
  });

  if (resend.isSuccess) {
    return (
      <CheckInbox>
        We sent a new verification link
        {resend.variables ? (
          <>
            {' '}
            to <strong>{resend.variables}</strong>
          </>
        ) : (
          ' to your address'
        )}
        . It is valid for 24 hours.
      </CheckInbox>
    );
  }

  const failure = resend.isError ? (
    <Alert color="red" role="alert">
      {errorMessage(resend.error)}
    </Alert>
  ) : null;

  if (user) {
    return (
      <Stack gap="sm">
        {failure}
        <Text size="sm">
          Signed in as <strong>{user.email}</strong>.
        </Text>
        <Button onClick={() => resend.mutate(undefined)} loading={resend.isPending}>
          Send me a new link
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) => resend.mutate(emailBody.parse(values).email));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={resend.isPending}>
          Send a new link
        </Button>
      </Stack>
    </form>
  );
}
