import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useAuthState } from '../../shell/auth-state';
import { PrefetchLink } from '../../shell/prefetch-link';

/** Where a page the server refused to show lands (permission-denied on a deep link). */
export function AccessDeniedPage() {
  const { user } = useAuthState();
  return (
    <Stack gap="md" align="flex-start" py="xl" maw={640}>
      <Title order={1}>Access denied</Title>
      <Text>
        You do not have permission to see this page. It may be for moderators or admins only, or
        your role may have changed since you opened the link.
      </Text>
      <Text>
        {user
          ? 'If you think you should have access, sign in with the account that does, or ask an admin.'
          : 'If you have an account with access, sign in and try again.'}
      </Text>
      <Group gap="sm">
        <Button component={PrefetchLink} to="/">
          Go home
        </Button>
        <Button component={PrefetchLink} to="/auth/login" variant="default">
          Sign in
        </Button>
      </Group>
    </Stack>
  );
}
