import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { AccountOverview } from './account-overview';
import { ActiveSessions } from './active-sessions';
import { DeleteAccount } from './delete-account';
import { DisplayNameForm } from './display-name-form';
import { EmailForm } from './email-form';
import { ModRequestSection } from './mod-request-section';
import { MyReportsSection } from './my-reports-section';
import { PasswordForm } from './password-form';
import { ProfileSection } from './profile-section';
import { LoadError, LoadingStatus } from '../../components/query-list';

/** /user-profile: the signed-in user's public profile and account settings. */
export function UserProfilePage() {
  const session = useSession();
  const user = session.data;

  let content;
  if (user) {
    content = (
      <>
        <ProfileSection user={user} />
        <AccountOverview user={user} />
        <DisplayNameForm key={user.name} user={user} />
        <PasswordForm />
        <EmailForm user={user} />
        <ActiveSessions />
        <MyReportsSection user={user} />
        <ModRequestSection user={user} />
        <DeleteAccount user={user} />
      </>
    );
  } else if (session.isPending) {
    content = <LoadingStatus label="Loading your profile" py="xl" />;
  } else if (session.isError) {
    content = <LoadError title="Could not load your profile" error={session.error} />;
  } else {
    content = (
      <Stack gap="sm" align="flex-start">
        <Text>You are signed out.</Text>
        <Button component={Link} to="/auth/login?redirect=%2Fuser-profile" variant="default">
          Sign in
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="xl" maw={760}>
      <Title order={1}>Your Profile</Title>
      {content}
    </Stack>
  );
}
