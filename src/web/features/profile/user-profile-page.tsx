import { Anchor, Box, Button, Flex, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { can } from '../../../shared/permissions';
import { useSession } from '../../api/session';
import { useIdentityProviders } from '../accounts';
import { MonthlyGifts } from '../donations';
import { NotificationSettings } from '../notifications';
import { AccountOverview } from './account-overview';
import { ActiveSessions } from './active-sessions';
import { DeleteAccount } from './delete-account';
import { DisplayNameForm } from './display-name-form';
import { EmailForm } from './email-form';
import { IdentitiesSection } from './identities-section';
import { ModRequestSection } from './mod-request-section';
import { MyReportsSection } from './my-reports-section';
import { PasskeysSection } from './passkeys-section';
import { PasswordForm } from './password-form';
import { ProfileSection } from './profile-section';
import { SecondFactorSection } from './second-factor-section';
import { SettingsSection } from './settings-section';
import { LoadError, LoadingStatus } from '../../components/query-list';

interface SettingsPart {
  /** The part's place on the page: `/user-profile#password`. */
  id: string;
  label: string;
  content: ReactNode;
}

function partsFor(user: SessionUser, offersProviders: boolean): SettingsPart[] {
  const parts: SettingsPart[] = [
    { id: 'profile', label: 'Profile and avatar', content: <ProfileSection user={user} /> },
    {
      id: 'account',
      label: 'Account',
      content: (
        <>
          <AccountOverview user={user} />
          <DisplayNameForm key={user.name} user={user} />
          <EmailForm user={user} />
        </>
      ),
    },
    { id: 'password', label: 'Password', content: <PasswordForm /> },
    { id: 'second-factor', label: 'Second factor', content: <SecondFactorSection /> },
    { id: 'passkeys', label: 'Passkeys', content: <PasskeysSection /> },
    // Only where the site offers other accounts to sign in with.
    ...(offersProviders
      ? [{ id: 'identities', label: 'Linked accounts', content: <IdentitiesSection /> }]
      : []),
    { id: 'sessions', label: 'Sessions', content: <ActiveSessions /> },
    {
      id: 'notifications',
      label: 'Notifications',
      content: (
        <SettingsSection
          title="Notifications"
          description="How each kind of notification reaches you, if at all: in the app only, by e-mail at once, or in one e-mail a day."
        >
          <NotificationSettings />
        </SettingsSection>
      ),
    },
    { id: 'reports', label: 'Your reports', content: <MyReportsSection user={user} /> },
    {
      id: 'monthly-gift',
      label: 'Your monthly gift',
      content: (
        <SettingsSection
          title="Your monthly gift"
          description="A donation paid every month until you stop it. Stopping takes effect at once: no further payment is taken."
        >
          <MonthlyGifts />
        </SettingsSection>
      ),
    },
  ];
  // Only plain members may ask to become moderators (ModRequestSection shows nothing to others).
  if (can(user.role, 'mod-request.create')) {
    parts.push({
      id: 'moderator-request',
      label: 'Become a moderator',
      content: <ModRequestSection user={user} />,
    });
  }
  parts.push({
    id: 'delete-account',
    label: 'Delete account',
    content: <DeleteAccount user={user} />,
  });
  return parts;
}

/**
 * The settings in titled parts, with a list of links to each: beside them on wide screens
 * (staying in view while scrolling), above them on a phone.
 */
function SettingsParts({ user }: { user: SessionUser }) {
  const offersProviders = (useIdentityProviders().data?.providers.length ?? 0) > 0;
  const parts = partsFor(user, offersProviders);
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="xl" align="flex-start">
      <Box
        component="nav"
        aria-label="Profile settings"
        w={{ base: '100%', md: 200 }}
        pos={{ base: 'static', md: 'sticky' }}
        top={{ md: 80 }}
        style={{ flexShrink: 0 }}
      >
        <Flex
          component="ul"
          direction={{ base: 'row', md: 'column' }}
          wrap="wrap"
          gap={{ base: 'xs', md: 6 }}
          columnGap="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {parts.map((part) => (
            <li key={part.id}>
              <Anchor href={`#${part.id}`} size="sm" underline="hover">
                {part.label}
              </Anchor>
            </li>
          ))}
        </Flex>
      </Box>
      <Stack gap="xl" style={{ flex: 1, minWidth: 0 }} maw={760}>
        {parts.map((part) => (
          <Stack key={part.id} id={part.id} gap="xl" style={{ scrollMarginTop: 80 }}>
            {part.content}
          </Stack>
        ))}
      </Stack>
    </Flex>
  );
}

/** /user-profile: the signed-in user's public profile and account settings. */
export function UserProfilePage() {
  const session = useSession();
  const user = session.data;

  let content;
  if (user) {
    content = <SettingsParts user={user} />;
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
    <Stack gap="xl">
      <Title order={1}>Your profile</Title>
      {content}
    </Stack>
  );
}
