import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { passkeyNameSchema, type Passkey } from '../../../shared/accounts';
import { formatDate } from '../../components/format-time';
import { QueryList } from '../../components/query-list';
import { confirm } from '../../shell/confirm-store';
import { showServerError } from '../../shell/server-errors';
import { toast } from '../../shell/toast-store';
import { usePasskeySupport } from '../accounts';
import { WithPasswordKnown } from './with-password-known';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './api/passkeys';
import { currentPasswordSchema } from './current-password-schema';
import { SettingsSection } from './settings-section';

const nameForm = z.object({ name: passkeyNameSchema });
const nameAndPasswordForm = nameForm.extend({ password: currentPasswordSchema });

const browsers: readonly [token: string, name: string][] = [
  ['Edg', 'Edge'],
  ['OPR/', 'Opera'],
  ['Firefox/', 'Firefox'],
  ['FxiOS/', 'Firefox'],
  ['CriOS/', 'Chrome'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
];

/** "Passkey on Chrome": a name the member will recognise in the list, theirs to change. */
function suggestedName(): string {
  const agent = navigator.userAgent;
  const browser = browsers.find(([token]) => agent.includes(token))?.[1];
  return browser ? `Passkey on ${browser}` : 'My passkey';
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  const onRemove = () =>
    confirm({
      type: 'danger',
      title: 'Remove passkey',
      message: `“${passkey.name}” will no longer sign you in. It stays on your device or in your password manager until you delete it there.`,
      confirmLabel: 'Remove passkey',
      onConfirm: async () => {
        try {
          await remove.mutateAsync(passkey.id);
        } catch (error) {
          showServerError('Could not remove the passkey', error);
          return;
        }
        toast.show({ title: 'Passkey removed', color: 'green' });
      },
    });

  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {passkey.name}
          </Text>
          {passkey.backedUp && (
            <Badge
              variant="light"
              size="sm"
              tt="none"
              title="Kept by your password manager or platform, so your other devices have it too"
            >
              Synced
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Added {formatDate(passkey.createdAt)}
        </Text>
      </Stack>
      <Button variant="default" size="xs" aria-label={`Remove ${passkey.name}`} onClick={onRemove}>
        Remove
      </Button>
    </Group>
  );
}

/** A name, and the password when the account has one, then the browser's own prompt. */
function AddPasskeyForm({ hasPassword }: { hasPassword: boolean }) {
  const add = useAddPasskey();
  const form = useForm({
    initialValues: { name: suggestedName(), password: '' },
    validate: schemaResolver(hasPassword ? nameAndPasswordForm : nameForm, { sync: true }),
  });
  const onSubmit = form.onSubmit(async ({ name, password }) => {
    try {
      const passkey = await add.mutateAsync({
        name: name.trim(),
        password: hasPassword ? password : undefined,
      });
      toast.show({
        title: 'Passkey added',
        description: `“${passkey.name}” now signs you in.`,
        color: 'green',
      });
      form.reset();
    } catch (error) {
      showServerError('Could not add the passkey', error, form);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a passkey">
      <Stack gap="sm" maw={420}>
        <TextInput
          label="Passkey name"
          description="To tell your passkeys apart."
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        {hasPassword && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
        )}
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          Add a passkey
        </Button>
      </Stack>
    </form>
  );
}

/** /user-profile#passkeys: the passkeys that sign in to this account, added and removed here. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const supported = usePasskeySupport();
  return (
    <SettingsSection
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of a password. With the second factor on, a passkey also works in place of a code."
    >
      <QueryList
        query={passkeys}
        items={passkeys.data?.passkeys ?? []}
        label="Your passkeys"
        subject="your passkeys"
        empty="You have no passkeys yet."
        renderItem={(passkey) => <PasskeyRow key={passkey.id} passkey={passkey} />}
      />
      {supported ? (
        <WithPasswordKnown>
          {(hasPassword) => <AddPasskeyForm hasPassword={hasPassword} />}
        </WithPasswordKnown>
      ) : (
        <Text>This browser cannot use passkeys, so none can be added here.</Text>
      )}
    </SettingsSection>
  );
}
