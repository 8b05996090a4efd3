import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { PrefetchLink } from '../../shell/prefetch-link';
import { toast } from '../../shell/toast-store';
import { errorMessage } from '../../shell/server-errors';
import { ResendVerificationForm } from './resend-verification-form';
import { useSubmitTokenOnce } from './use-submit-token-once';
import { useVerifyEmail } from './verify-email';
import { SecondFactorStep } from './second-factor-step';
import { LoadingStatus } from '../../components/query-list';

function Heading() {
  return (
    <Title order={1} fz="h2">
      Verify email
    </Title>
  );
}

/** /auth/verify-email: follows the emailed link (?token=…), or explains and offers a new one. */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const user = useSession().data;
  const verify = useVerifyEmail();
  const { mutate } = verify;

  const welcome = useCallback(() => {
    toast.show({ title: 'Email verified', description: 'Welcome aboard!', color: 'green' });
    void navigate('/', { replace: true });
  }, [navigate]);
  const submit = useCallback(
    (value: string) =>
      mutate(value, {
        onSuccess: (answer) => {
          if ('user' in answer) welcome();
        },
      }),
    [mutate, welcome],
  );
  useSubmitTokenOnce(token, submit);

  // Verified; the member's second factor signs them in.
  if (verify.data && 'secondFactor' in verify.data) {
    return (
      <Stack gap="md">
        <Heading />
        <SecondFactorStep
          onSignedIn={welcome}
          onStartAgain={() => void navigate('/auth/login', { replace: true })}
        />
      </Stack>
    );
  }

  if (token && !verify.isError) {
    return (
      <Stack gap="md">
        <Heading />
        <LoadingStatus label="Verifying your email" />
      </Stack>
    );
  }

  if (user?.emailVerified) {
    return (
      <Stack gap="md">
        <Heading />
        <Text>Your email address {user.email} is verified. You are all set.</Text>
        <Anchor component={PrefetchLink} to="/">
          Go home
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Heading />
      {verify.isError ? (
        <Alert color="red" role="alert" title="This link did not work">
          {errorMessage(verify.error)} Ask for a new link below.
        </Alert>
      ) : (
        <Text>
          To post, chat and donate, confirm your email address: open the link we emailed you. It is
          valid for 24 hours. Lost it or too late? Ask for a new one.
        </Text>
      )}
      <ResendVerificationForm />
      {/* A way out for whoever came here: the member to the site, a visitor to the sign-in. */}
      <Anchor
        component={PrefetchLink}
        to={user ? '/' : '/auth/login'}
        size="sm"
        ta="center"
        underline="hover"
      >
        {user ? 'Back to the home page' : 'Back to sign in'}
      </Anchor>
    </Stack>
  );
}
