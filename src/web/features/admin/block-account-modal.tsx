import { Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { blockAccountBody, type AdminUser } from '../../../shared/accounts';
import { useBlockAccount } from './api/block-account';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { AppModal, DialogButtons } from '../../components/app-modal';

const blockForm = z.object({
  reason: blockAccountBody.shape.reason,
  /** A datetime-local value (local time, no zone), or '' for a block without an end. */
  until: z
    .string()
    .refine(
      (value) => value === '' || Date.parse(value) > Date.now(),
      'Pick a time in the future, or leave it empty',
    ),
});

type BlockFormValues = z.input<typeof blockForm>;

function BlockAccountForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const blockAccount = useBlockAccount();
  const form = useForm<BlockFormValues>({
    initialValues: { reason: '', until: '' },
    validate: schemaResolver(blockForm, { sync: true }),
  });

  const onSubmit = form.onSubmit(async ({ reason, until }) => {
    try {
      await blockAccount.mutateAsync({
        userId: user.id,
        block: {
          reason: reason.trim(),
          until: until === '' ? null : new Date(until).toISOString(),
        },
      });
      showSuccess('Account blocked', `${user.name} has been signed out and cannot sign in.`);
      onClose();
    } catch (error) {
      showServerError('Could not block the account', error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {user.name} is signed out everywhere and cannot sign in until the block ends. They see the
          reason you give.
        </Text>
        <Textarea
          label="Reason"
          required
          rows={4}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <TextInput
          label="Blocked until"
          description={`Your local time (${Intl.DateTimeFormat().resolvedOptions().timeZone}). Leave empty to block until someone unblocks the account.`}
          type="datetime-local"
          {...form.getInputProps('until')}
        />
        <DialogButtons
          onCancel={onClose}
          busy={form.submitting}
          submitLabel="Block account"
          color="red"
        />
      </Stack>
    </form>
  );
}

interface BlockAccountModalProps {
  opened: boolean;
  /** The account to block; kept after closing so the exit transition still has its text. */
  user: AdminUser | null;
  onClose: () => void;
}

/** Asks for the reason and optional end of a block. */
export function BlockAccountModal({ opened, user, onClose }: BlockAccountModalProps) {
  return (
    <AppModal
      opened={opened && user !== null}
      onClose={onClose}
      title={user ? `Block ${user.name}` : 'Block account'}
    >
      {user && <BlockAccountForm key={user.id} user={user} onClose={onClose} />}
    </AppModal>
  );
}
