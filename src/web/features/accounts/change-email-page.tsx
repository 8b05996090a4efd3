import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-client';
import { PrefetchLink } from '../../shell/prefetch-link';
import { toast } from '../../shell/toast-store';
import { useConfirmEmailChange } from './confirm-email-change';
import { errorMessage } from '../../shell/server-errors';
import { useSubmitTokenOnce } from './use-submit-token-once';
import { LoadingStatus } from '../../components/query-list';

/** /auth/change-email?token=…: the link sent to the new address makes the change. */
export function ChangeEmailPage() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const token = useSearchParams()[0].get('token');
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;

  const submit = useCallback(
    (value: string) =>
      mutate(value, {
        onSuccess: (user) => {
          toast.show({
            title: 'Email changed',
            description: `Your account now uses ${user.email}.`,
            color: 'green',
          });
          void navigate('/user-profile', { replace: true });
        },
      }),
    [mutate, navigate],
  );
  useSubmitTokenOnce(token, submit);

  let body;
  if (!token) {
    body = <Text>This page needs the link we sent to your new email address.</Text>;
  } else if (isApiError(confirm.error) && confirm.error.code === 'unauthenticated') {
    // The change belongs to an account: sign in, then come back to this very link.
    const back = encodeURIComponent(`${pathname}${search}`);
    body = (
      <Text>
        <Anchor component={PrefetchLink} to={`/auth/login?redirect=${back}`}>
          Sign in
        </Anchor>{' '}
        to confirm your new email address.
      </Text>
    );
  } else if (confirm.isError) {
    body = (
      <Alert color="red" role="alert" title="This link did not work">
        {errorMessage(confirm.error)} You can ask for a new link in your profile.
      </Alert>
    );
  } else {
    body = <LoadingStatus label="Confirming your new email address" />;
  }

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Confirm new email
      </Title>
      {body}
      {(!token || confirm.isError) && (
        <Anchor component={PrefetchLink} to="/user-profile" size="sm" underline="hover">
          Go to your profile
        </Anchor>
      )}
    </Stack>
  );
}
