import { Group, Radio } from '@mantine/core';
import { useState } from 'react';
import type { AdminUser } from '../../../shared/accounts';
import { muteDurationLabels, muteDurations, type MuteDuration } from '../../../shared/mutes';
import { ReasonDialog } from '../../components/reason-dialog';
import { showSuccess } from '../../shell/server-errors';
import { useMuteUser } from './api/mute-user';

function isMuteDuration(value: string): value is MuteDuration {
  return (muteDurations as readonly string[]).includes(value);
}

interface MuteUserModalProps {
  opened: boolean;
  /** Kept after closing so the exit transition still has its text. */
  user: AdminUser | null;
  onClose: () => void;
}

/** Asks how long and why a member is muted. */
export function MuteUserModal({ opened, user, onClose }: MuteUserModalProps) {
  const muteUser = useMuteUser();
  const [duration, setDuration] = useState<MuteDuration>('1h');
  const name = user?.name ?? 'the member';

  const mute = async (reason: string) => {
    if (!user) return;
    await muteUser.mutateAsync({ userId: user.id, mute: { duration, reason } });
    showSuccess('User muted', `${user.name} cannot post for ${muteDurationLabels[duration]}.`);
    setDuration('1h');
  };

  return (
    <ReasonDialog
      opened={opened && user !== null}
      onClose={onClose}
      title={user ? `Mute ${user.name}` : 'Mute user'}
      hint={`${name} can still read, but cannot post, reply or chat until the mute ends. They see the reason you give.`}
      fields={
        <Radio.Group
          label="For"
          required
          value={duration}
          onChange={(value) => isMuteDuration(value) && setDuration(value)}
        >
          <Group gap="md" mt={6}>
            {muteDurations.map((value) => (
              <Radio key={value} value={value} label={muteDurationLabels[value]} />
            ))}
          </Group>
        </Radio.Group>
      }
      submitLabel="Mute"
      color="orange"
      failureTitle="Could not mute the user"
      onSubmit={mute}
    />
  );
}
