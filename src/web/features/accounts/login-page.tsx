import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { signInBody } from '../../../shared/accounts';
import { blockOf } from '../../shell/auth-state';
import { useFormKeepsTyping } from '../../shell/kept-typing';
import { PrefetchLink } from '../../shell/prefetch-link';
import { errorMessage } from '../../shell/server-errors';
import { MagicLinkRequest } from './magic-link-request';
import { usePasskeySupport } from './passkey-prompt';
import {
  linkPendingProvider,
  ProviderButtons,
  rememberPendingLink,
  useProviderSignIn,
} from './provider-sign-in';
import { providerErrorMessage } from './providers';
import { safeRedirect } from './safe-redirect';
import { SecondFactorStep } from './second-factor-step';
import { usePasskeySignIn, useSignIn } from './sign-in';

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const passkeySignIn = usePasskeySignIn();
  const passkeys = usePasskeySupport();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInBody, { sync: true }),
  });
  // Drawn on the server: what was typed before the app started stays.
  useFormKeepsTyping(form);

  // Read when leaving: the page is also drawn on the server, which has no window. A provider
  // that found this account's address is linked first.
  const leave = () =>
    void linkPendingProvider().then(async (linking) => {
      if (!linking) await navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    });
  const providerFlow = useProviderSignIn(searchParams.get('redirect') ?? '/');
  // A provider sign-in that went on in this page (popups blocked) came back with these.
  const [fromRedirect, setFromRedirect] = useState(() => ({
    provider: searchParams.get('provider') ?? '',
    error: searchParams.get('providerError'),
    secondFactor: searchParams.get('secondFactor') === '1',
  }));
  const providerOutcome = providerFlow.outcome ?? fromRedirect;
  // An identity that found this account's address is linked once its owner signed in.
  useEffect(() => {
    if (fromRedirect.error === 'account_not_linked') rememberPendingLink(fromRedirect.provider);
  }, [fromRedirect]);
  const providerName =
    providerFlow.providers.find((provider) => provider.id === providerOutcome.provider)?.name ??
    'that account';
  const providerFailure = providerOutcome.error
    ? providerErrorMessage(providerOutcome.error, providerName)
    : null;
  const startAgain = () => {
    signIn.reset();
    providerFlow.reset();
    setFromRedirect({ provider: '', error: null, secondFactor: false });
  };
  const submit = form.onSubmit((values) => {
    passkeySignIn.reset();
    signIn.mutate(signInBody.parse(values), {
      onSuccess: (answer) => {
        if ('user' in answer) leave();
      },
    });
  });

  const signInWithPasskey = () => {
    signIn.reset();
    passkeySignIn.mutate(undefined, { onSuccess: leave });
  };

  /** The email typed so far, if it is a valid address (for the sign-in link). */
  const validEmail = () => {
    if (form.validateField('email').hasError) return null;
    return signInBody.shape.email.parse(form.getValues().email);
  };

  const secondStep =
    (signIn.data !== undefined && 'secondFactor' in signIn.data) || providerOutcome.secondFactor;
  // A blocked account is taken to the Account Blocked page by the app shell.
  const failure = signIn.error && !blockOf(signIn.error) ? errorMessage(signIn.error) : null;
  const otherWaysIn = providerFlow.providers.length > 0 || passkeys;
  const passkeyFailure =
    passkeySignIn.error && !blockOf(passkeySignIn.error) ? errorMessage(passkeySignIn.error) : null;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Sign in
        </Title>
        <Text c="dimmed" size="sm">
          Welcome back. Sign in to post, chat and join the discussion.
        </Text>
      </Stack>

      {secondStep ? (
        // The password was right; the form keeps what was typed should the member start again.
        <SecondFactorStep onSignedIn={leave} onStartAgain={startAgain} />
      ) : (
        <>
          {providerFailure && (
            <Alert color="red" role="alert" title={`Could not sign in with ${providerName}`}>
              {providerFailure}
            </Alert>
          )}
          {passkeyFailure && (
            <Alert color="red" role="alert" title="Could not sign in with a passkey">
              {passkeyFailure}
            </Alert>
          )}
          {otherWaysIn && (
            <>
              <Stack gap="xs">
                <ProviderButtons providers={providerFlow.providers} onChoose={providerFlow.start} />
                {passkeys && (
                  <Button
                    variant="default"
                    fullWidth
                    loading={passkeySignIn.isPending}
                    onClick={signInWithPasskey}
                  >
                    Sign in with a passkey
                  </Button>
                )}
              </Stack>
              <Divider label="or" labelPosition="center" />
            </>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {failure && (
                <Alert color="red" role="alert" title="Could not sign in">
                  {failure}
                </Alert>
              )}
              <TextInput
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              <Group justify="flex-end">
                <Anchor
                  component={PrefetchLink}
                  to="/auth/forgot-password"
                  size="sm"
                  underline="hover"
                >
                  Forgot password?
                </Anchor>
              </Group>
              <Button type="submit" fullWidth loading={signIn.isPending}>
                Sign in
              </Button>
            </Stack>
          </form>
          <Divider label="or" labelPosition="center" />
          <MagicLinkRequest readEmail={validEmail} />

          <Text size="sm" ta="center">
            New here?{' '}
            <Anchor component={PrefetchLink} to="/auth/sign-up">
              Create an account
            </Anchor>
          </Text>
        </>
      )}
    </Stack>
  );
}
