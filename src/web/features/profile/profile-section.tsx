import { Anchor, Divider } from '@mantine/core';
import type { SessionUser } from '../../../shared/accounts';
import { PrefetchLink } from '../../shell/prefetch-link';
import { useOwnProfile } from './api/get-own-profile';
import { AvatarControls } from './avatar-controls';
import { ProfileDetailsForm } from './profile-details-form';
import { SettingsSection } from './settings-section';
import { LoadError, LoadingStatus } from '../../components/query-list';

/** The top of /user-profile: what others see on the public profile page. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const profile = useOwnProfile();

  let details;
  if (profile.isPending) {
    details = <LoadingStatus label="Loading your profile details" />;
  } else if (profile.isError) {
    details = <LoadError title="Could not load your profile details" error={profile.error} />;
  } else {
    details = <ProfileDetailsForm profile={profile.data} />;
  }

  return (
    <SettingsSection
      title="Profile"
      description={
        user.username === null ? (
          'What others see next to your posts.'
        ) : (
          <>
            What others see next to your posts and on your public profile.{' '}
            <Anchor component={PrefetchLink} to={`/u/${encodeURIComponent(user.username)}`}>
              View public profile
            </Anchor>
          </>
        )
      }
    >
      <AvatarControls user={user} />
      <Divider />
      {details}
    </SettingsSection>
  );
}
