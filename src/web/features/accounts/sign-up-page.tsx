import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PrefetchLink } from '../../shell/prefetch-link';
import { CheckInbox } from './check-inbox';
import { SignUpForm } from './sign-up-form';

export function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo !== null) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          Create account
        </Title>
        <CheckInbox>
          We sent a verification link to <strong>{sentTo}</strong>. Open it within 24 hours to
          verify your address and sign in.
        </CheckInbox>
        <Text size="sm">
          No email after a few minutes? Look in your spam folder, or{' '}
          <Anchor component={PrefetchLink} to="/auth/verify-email">
            send the link again
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Create account
        </Title>
        <Text c="dimmed" size="sm">
          Join the community to post reviews, comment and chat.
        </Text>
      </Stack>
      <SignUpForm onSent={setSentTo} />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={PrefetchLink} to="/auth/login">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
