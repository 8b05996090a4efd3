import { Alert, Button, Stack, Text } from '@mantine/core';
import { CheckInbox } from './check-inbox';
import { errorMessage } from '../../shell/server-errors';
import { useRequestMagicLink } from './request-magic-link';

interface MagicLinkRequestProps {
  /** The address typed in the sign-in form, or null after showing why it is not one. */
  readEmail: () => string | null;
}

/** "Email me a sign-in link": signing in without the password, through the inbox. */
export function MagicLinkRequest({ readEmail }: MagicLinkRequestProps) {
  const request = useRequestMagicLink();

  const send = () => {
    const email = readEmail();
    if (email !== null) request.mutate(email);
  };

  if (request.isSuccess) {
    return (
      <CheckInbox>
        We sent a sign-in link to <strong>{request.variables}</strong>. Open it on this device to
        sign in; it works once.
      </CheckInbox>
    );
  }
  return (
    <Stack gap="xs">
      {request.isError && (
        <Alert color="red" role="alert">
          {errorMessage(request.error)}
        </Alert>
      )}
      <Button variant="default" fullWidth onClick={send} loading={request.isPending}>
        Email me a sign-in link
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        Type your email above and we will send you a link that signs you in.
      </Text>
    </Stack>
  );
}
