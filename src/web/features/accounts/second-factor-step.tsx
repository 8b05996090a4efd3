import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { secondFactorBody, userResponse } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { errorMessage } from '../../shell/server-errors';
import { usePasskeySupport } from './passkey-prompt';
import { postPasskeyWayIn, useWayIn } from './sign-in';

/** POST /api/auth/second-factor: the code finishes the sign-in the first factor began. */
const verifySecondFactor = async (input: { code: string; trustBrowser: boolean }) =>
  apiFetch('/api/auth/second-factor', userResponse, {
    method: 'POST',
    body: JSON.stringify(input),
  });

/** POST /api/auth/second-factor/passkey: one of the member's passkeys in place of a code. */
const passkeyInstead = (trustBrowser: boolean) =>
  postPasskeyWayIn('/api/auth/second-factor/passkey', { trustBrowser });

interface SecondFactorStepProps {
  /** The member is signed in: where the page goes next. */
  onSignedIn: () => void;
  /** Back to the first step (the sign-in form, a new link). */
  onStartAgain: () => void;
}

/**
 * The second step of every way in, for a member whose second factor is on: a code from their
 * authenticator app, one of their recovery codes or one of their passkeys, and whether to trust
 * this browser.
 */
export function SecondFactorStep({ onSignedIn, onStartAgain }: SecondFactorStepProps) {
  const verify = useWayIn(verifySecondFactor);
  const passkey = useWayIn(passkeyInstead);
  const passkeys = usePasskeySupport();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', trustBrowser: false },
    validate: schemaResolver(secondFactorBody, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    passkey.reset();
    verify.mutate(
      { code: values.code.trim(), trustBrowser: values.trustBrowser },
      { onSuccess: onSignedIn },
    );
  });
  const answerWithPasskey = () => {
    verify.reset();
    passkey.mutate(form.getValues().trustBrowser, { onSuccess: onSignedIn });
  };
  const failure = verify.error ?? passkey.error;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>
          Your account asks for a second factor. Enter the 6-digit code your authenticator app
          shows, or one of your recovery codes.
        </Text>
        {failure && (
          <Alert color="red" role="alert" title="Could not sign in">
            {errorMessage(failure)}
          </Alert>
        )}
        <TextInput
          label="Code"
          name="code"
          autoComplete="one-time-code"
          spellCheck={false}
          required
          {...form.getInputProps('code')}
        />
        <Checkbox
          label="Trust this browser for 30 days"
          {...form.getInputProps('trustBrowser', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        {passkeys && (
          <Button
            variant="default"
            fullWidth
            loading={passkey.isPending}
            onClick={answerWithPasskey}
          >
            Use a passkey instead
          </Button>
        )}
        <Text size="sm" ta="center">
          Wrong account?{' '}
          <Anchor component="button" type="button" size="sm" onClick={onStartAgain}>
            Start again
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
