import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SessionUser } from '../../../shared/accounts';
import { roleLabels } from '../../../shared/roles';
import { toast } from '../../shell/toast-store';
import { useResendVerificationEmail } from './api/resend-verification-email';
import { formatDate } from '../../components/format-time';
import { SettingsSection } from './settings-section';
import { showServerError } from '../../shell/server-errors';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function UnverifiedEmailNotice({ email }: { email: string }) {
  const resend = useResendVerificationEmail();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast.show({
          title: 'Verification email sent',
          description: `Check your inbox at ${email} and follow the link.`,
          color: 'green',
        }),
      onError: (error) => showServerError('Could not send the email', error),
    });

  return (
    <Alert color="yellow">
      <Stack gap="sm" align="flex-start">
        <Text size="sm" fw={700}>
          Your email address is not verified
        </Text>
        <Text size="sm">
          Some parts of the site open only after you follow the link we sent to {email}.
        </Text>
        <Button size="xs" variant="default" loading={resend.isPending} onClick={onResend}>
          Resend verification email
        </Button>
      </Stack>
    </Alert>
  );
}

/** Who the signed-in user is, as the server knows them. */
export function AccountOverview({ user }: { user: SessionUser }) {
  return (
    <SettingsSection title="Overview">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        <Fact label="Display name" value={user.name} />
        <Fact label="Username" value={user.username ? `@${user.username}` : 'Not set'} />
        <Fact label="Email" value={user.email} />
        <Fact label="Role" value={user.role ? roleLabels[user.role] : 'No role'} />
        <Fact label="Joined" value={formatDate(user.createdAt)} />
      </SimpleGrid>
      {!user.emailVerified && <UnverifiedEmailNotice email={user.email} />}
    </SettingsSection>
  );
}
