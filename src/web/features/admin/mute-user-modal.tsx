import { Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';
import type { AdminUser } from '../../../shared/accounts';
import {
  moderationLimits,
  muteBody,
  muteDurationLabels,
  muteDurations,
} from '../../../shared/moderation';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useMuteUser } from './api/mute-user';
import { AppModal, DialogButtons } from '../../components/app-modal';

type MuteValues = z.input<typeof muteBody>;

function MuteUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const muteUser = useMuteUser();
  const form = useForm<MuteValues>({
    initialValues: { duration: '1h', reason: '' },
    validate: schemaResolver(muteBody, { sync: true }),
  });

  const onSubmit = form.onSubmit(async ({ duration, reason }) => {
    try {
      await muteUser.mutateAsync({ userId: user.id, mute: { duration, reason: reason.trim() } });
      showSuccess('User muted', `${user.name} cannot post for ${muteDurationLabels[duration]}.`);
      onClose();
    } catch (error) {
      showServerError('Could not mute the user', error, form);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {user.name} can still read, but cannot post, reply or chat until the mute ends. They see
          the reason you give.
        </Text>
        <Radio.Group label="For" required {...form.getInputProps('duration')}>
          <Group gap="md" mt={6}>
            {muteDurations.map((duration) => (
              <Radio key={duration} value={duration} label={muteDurationLabels[duration]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Reason"
          required
          rows={3}
          maxLength={moderationLimits.reasonMax}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <DialogButtons
          onCancel={onClose}
          busy={form.submitting}
          submitLabel="Mute"
          color="orange"
        />
      </Stack>
    </form>
  );
}

interface MuteUserModalProps {
  opened: boolean;
  /** Kept after closing so the exit transition still has its text. */
  user: AdminUser | null;
  onClose: () => void;
}

/** Asks how long and why a member is muted. */
export function MuteUserModal({ opened, user, onClose }: MuteUserModalProps) {
  return (
    <AppModal
      opened={opened && user !== null}
      onClose={onClose}
      title={user ? `Mute ${user.name}` : 'Mute user'}
    >
      {user && <MuteUserForm key={user.id} user={user} onClose={onClose} />}
    </AppModal>
  );
}
