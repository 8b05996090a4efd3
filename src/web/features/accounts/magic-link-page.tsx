import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { blockOf } from '../../shell/auth-state';
import { PrefetchLink } from '../../shell/prefetch-link';
import { errorMessage } from '../../shell/server-errors';
import { useSubmitTokenOnce } from './use-submit-token-once';
import { useVerifyMagicLink } from './verify-magic-link';
import { SecondFactorStep } from './second-factor-step';
import { LoadingStatus } from '../../components/query-list';

/** /auth/magic-link?token=…: the emailed sign-in link. */
export function MagicLinkPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const verify = useVerifyMagicLink();
  const { mutate } = verify;

  const leave = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  const submit = useCallback(
    (value: string) =>
      mutate(value, {
        onSuccess: (answer) => {
          if ('user' in answer) leave();
        },
      }),
    [mutate, leave],
  );
  useSubmitTokenOnce(token, submit);

  let body;
  if (verify.data && 'secondFactor' in verify.data) {
    body = (
      <SecondFactorStep
        onSignedIn={leave}
        onStartAgain={() => void navigate('/auth/login', { replace: true })}
      />
    );
  } else if (!token) {
    body = <Text>This page needs the sign-in link from your email.</Text>;
  } else if (verify.isError && !blockOf(verify.error)) {
    body = (
      <Alert color="red" role="alert" title="This link did not work">
        {errorMessage(verify.error)}
      </Alert>
    );
  } else {
    body = <LoadingStatus label="Signing you in" />;
  }

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Sign in by email
      </Title>
      {body}
      {(!token || verify.isError) && (
        <Text size="sm">
          Sign-in links work once and expire quickly.{' '}
          <Anchor component={PrefetchLink} to="/auth/login">
            Get a new one on the sign-in page
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}
