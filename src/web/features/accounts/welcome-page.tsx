import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { chooseUsernameBody, userResponse, type SessionUser } from '../../../shared/accounts';
import { LoadingStatus } from '../../components/query-list';
import { apiFetch } from '../../api/api-client';
import { useSession } from '../../api/session';
import { errorMessage } from '../../shell/server-errors';
import { safeRedirect } from './safe-redirect';
import { useStartSession } from './start-session';

/** PUT /api/account/username: the newcomer keeps or changes the username made up for them. */
const chooseUsername = (username: string) =>
  apiFetch('/api/account/username', userResponse, {
    method: 'PUT',
    body: JSON.stringify({ username }),
  });

/**
 * /auth/welcome: a newcomer from an identity provider confirms the username made up from their
 * profile (or picks another), once, then goes on to where they were going.
 */
export function WelcomePage() {
  const user = useSession().data;
  if (!user) return <LoadingStatus label="Loading your account" />;
  return <ChooseUsername user={user} />;
}

function ChooseUsername({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const startSession = useStartSession();
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: user.username ?? '' },
    validate: schemaResolver(chooseUsernameBody, { sync: true }),
  });
  const choose = useMutation({
    mutationFn: chooseUsername,
    onSuccess: async ({ user: chosen }) => {
      await startSession(chosen);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
  });
  const submit = form.onSubmit((values) => choose.mutate(values.username.trim()));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Welcome, {user.name}
        </Title>
        <Text c="dimmed" size="sm">
          Your account is ready. Choose the username others see and mention you by: we made one up
          from your profile. It cannot be changed later.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {choose.error && (
            <Alert color="red" role="alert" title="Could not save your username">
              {errorMessage(choose.error)}
            </Alert>
          )}
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            description="3 to 20 letters, digits and _"
            required
            {...form.getInputProps('username')}
          />
          <Button type="submit" fullWidth loading={choose.isPending}>
            Continue
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
