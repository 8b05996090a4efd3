import { Anchor, Divider, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PrefetchLink } from '../../shell/prefetch-link';
import { CheckInbox } from './check-inbox';
import { ProviderButtons, useProviderSignIn } from './provider-sign-in';
import { SignUpForm } from './sign-up-form';

export function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const navigate = useNavigate();
  const providerFlow = useProviderSignIn('/');
  const { outcome } = providerFlow;
  // A provider sign-in that needs more (a second factor, or an account to sign in to first)
  // goes on on the sign-in page, which shows why.
  useEffect(() => {
    if (!outcome || (!outcome.error && !outcome.secondFactor)) return;
    const params = new URLSearchParams({ provider: outcome.provider });
    if (outcome.error) params.set('providerError', outcome.error);
    else params.set('secondFactor', '1');
    void navigate(`/auth/login?${params.toString()}`);
  }, [outcome, navigate]);

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
      <ProviderButtons providers={providerFlow.providers} onChoose={providerFlow.start} />
      {providerFlow.providers.length > 0 && <Divider label="or" labelPosition="center" />}
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
