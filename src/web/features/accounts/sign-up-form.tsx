import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { signUpBody } from '../../../shared/accounts';
import { isApiError } from '../../api/api-client';
import { errorMessage, fieldErrorsFrom } from '../../shell/server-errors';
import { newPasswordFields, passwordsDiffer, passwordsMatch } from './new-password-schema';
import { policyViolationOf, useRefetchPasswordPolicy } from '../../api/password-policy';
import { PasswordRequirements, type RefusedPassword } from '../../components/password-requirements';
import { useFormKeepsTyping } from '../../shell/kept-typing';
import { useSignUp } from './sign-up';

const signUpForm = z
  .object({ ...signUpBody.shape, ...newPasswordFields })
  .refine(passwordsMatch, passwordsDiffer);

type SignUpValues = z.input<typeof signUpForm>;

/** The sign-up form; `onSent` gets the address the verification link went to. */
export function SignUpForm({ onSent }: { onSent: (email: string) => void }) {
  const signUp = useSignUp();
  const refetchPolicy = useRefetchPasswordPolicy();
  const [refused, setRefused] = useState<RefusedPassword | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { name: '', username: '', email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(signUpForm, { sync: true }),
    validateInputOnBlur: true,
  });
  // Drawn on the server: what was typed before the app started stays.
  useFormKeepsTyping(form);

  const showError = (error: Error, values: SignUpValues) => {
    const rules = policyViolationOf(error);
    if (rules) {
      // SPEC §5: the policy may have changed since it was shown.
      void refetchPolicy();
      setRefused({ password: values.password, rules });
      form.setFieldError('password', error.message);
      return;
    }
    if (isApiError(error) && error.code === 'already-exists') {
      form.setFieldError('username', error.message);
      return;
    }
    const fields = fieldErrorsFrom(error, values);
    if (Object.keys(fields).length > 0) form.setErrors(fields);
    else setFailure(errorMessage(error));
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const body = signUpBody.parse({
      name: values.name,
      username: values.username,
      email: values.email,
      password: values.password,
    });
    signUp.mutate(body, {
      onSuccess: () => onSent(body.email),
      onError: (error) => showError(error, values),
    });
  });

  const { email, username, password } = form.getValues();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="Could not create the account">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Display name"
          name="name"
          description="Shown next to your posts"
          autoComplete="name"
          required
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Username"
          name="username"
          description="3–20 letters, digits or _"
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
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
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordRequirements password={password} owner={{ email, username }} refused={refused} />
        <PasswordInput
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={signUp.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
