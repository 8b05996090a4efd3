import {
  Alert,
  Button,
  Code,
  Group,
  List,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import {
  authenticatorCodeSchema,
  secondFactorCodeSchema,
  type SecondFactorSetup,
} from '../../../shared/accounts';
import { useSite } from '../../api/get-site';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { showServerError } from '../../shell/server-errors';
import { toast } from '../../shell/toast-store';
import { WithPasswordKnown } from './with-password-known';
import {
  useConfirmSecondFactor,
  useNewRecoveryCodes,
  useSecondFactorStatus,
  useSetUpSecondFactor,
  useTurnOffSecondFactor,
  type SecondFactorChange,
} from './api/second-factor';
import { currentPasswordSchema } from './current-password-schema';
import { SettingsSection } from './settings-section';

const setupForm = z.object({});
const setupWithPasswordForm = setupForm.extend({ password: currentPasswordSchema });
const confirmForm = z.object({ code: authenticatorCodeSchema });
const changeForm = z.object({ code: secondFactorCodeSchema });
const changeWithPasswordForm = changeForm.extend({ password: currentPasswordSchema });

/** Recovery codes as they are shown once: a grid to copy, and a file to keep. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { name } = useSite();
  const download = () => {
    const text = [`${name}: recovery codes (each works once)`, '', ...codes, ''].join('\n');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack gap="xs">
      <Text fw={600}>Your recovery codes</Text>
      <Text size="sm" c="dimmed">
        Each one signs you in once if you lose your phone. Keep them somewhere safe: they are not
        shown again.
      </Text>
      <SimpleGrid
        cols={{ base: 2, xs: 5 }}
        spacing="xs"
        component="ul"
        aria-label="Recovery codes"
        p={0}
        m={0}
      >
        {codes.map((code) => (
          <Code key={code} component="li" fz="sm" style={{ listStyle: 'none' }}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Button variant="default" onClick={download} style={{ alignSelf: 'flex-start' }}>
        Download codes
      </Button>
    </Stack>
  );
}

/**
 * Starts a setup (a new key and codes, pending until confirmed) with the password when the
 * account has one; without one, the server wants a sign-in within the hour.
 */
function StartSetup({
  hasPassword,
  onStarted,
}: {
  hasPassword: boolean;
  onStarted: (setup: SecondFactorSetup) => void;
}) {
  const setUp = useSetUpSecondFactor();
  const form = useForm({
    initialValues: { password: '' },
    validate: schemaResolver(hasPassword ? setupWithPasswordForm : setupForm, { sync: true }),
  });
  const onSubmit = form.onSubmit(async ({ password }) => {
    try {
      onStarted(await setUp.mutateAsync(hasPassword ? password : undefined));
      form.reset();
    } catch (error) {
      showServerError('Could not start the setup', error, form);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        {hasPassword ? (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Your account has no password, so this works within an hour of signing in. If it has been
            longer, sign out and in again first.
          </Text>
        )}
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          Set up an authenticator app
        </Button>
      </Stack>
    </form>
  );
}

/** Scan (or type) the key, keep the codes, and confirm with the app's first code. */
function SetupSteps({ setup, onDone }: { setup: SecondFactorSetup; onDone: () => void }) {
  const confirm = useConfirmSecondFactor();
  const qr = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(setup.uri))}`,
    [setup.uri],
  );
  const form = useForm({
    initialValues: { code: '' },
    validate: schemaResolver(confirmForm, { sync: true }),
  });
  const onSubmit = form.onSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync(code.trim());
      toast.show({
        title: 'Second factor on',
        description: 'Every sign-in now asks for a code.',
        color: 'green',
      });
      onDone();
    } catch (error) {
      showServerError('Could not turn the second factor on', error, form);
    }
  });
  return (
    <Stack gap="lg">
      <List type="ordered" spacing="xs">
        <List.Item>Scan this code with your authenticator app, or type the key into it.</List.Item>
        <List.Item>Keep your recovery codes.</List.Item>
        <List.Item>Enter the 6-digit code the app shows.</List.Item>
      </List>
      <Group align="flex-start" gap="lg">
        <img
          src={qr}
          width={176}
          height={176}
          alt="QR code of your key for an authenticator app"
          style={{ background: '#fff', padding: 8, borderRadius: 8 }}
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Key
          </Text>
          <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {setup.key.replace(/(.{4})/g, '$1 ').trim()}
          </Code>
        </Stack>
      </Group>
      <RecoveryCodes codes={setup.recoveryCodes} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <TextInput
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
            Turn on
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * A current code, and the password when the account has one: new recovery codes, or the second
 * factor off.
 */
function ChangeForm({
  action,
  danger,
  hasPassword,
  onChange,
}: {
  action: string;
  danger?: boolean;
  hasPassword: boolean;
  onChange: (input: SecondFactorChange) => Promise<void>;
}) {
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: schemaResolver(hasPassword ? changeWithPasswordForm : changeForm, { sync: true }),
  });
  const onSubmit = form.onSubmit(async (values) => {
    const code = values.code.trim();
    try {
      await onChange(hasPassword ? { password: values.password, code } : { code });
      form.reset();
    } catch (error) {
      showServerError(`Could not ${action.toLowerCase()}`, error, form);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        {hasPassword && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
        )}
        <TextInput
          label="Code from your app, or a recovery code"
          autoComplete="one-time-code"
          {...form.getInputProps('code')}
        />
        <Button
          type="submit"
          color={danger ? 'red' : undefined}
          variant={danger ? 'outline' : 'default'}
          loading={form.submitting}
          style={{ alignSelf: 'flex-start' }}
        >
          {action}
        </Button>
      </Stack>
    </form>
  );
}

/** /user-profile#second-factor: an authenticator app's codes, asked at every sign-in. */
export function SecondFactorSection() {
  const status = useSecondFactorStatus();
  const turnOff = useTurnOffSecondFactor();
  const newCodes = useNewRecoveryCodes();
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);

  let content;
  if (setup) {
    content = <SetupSteps setup={setup} onDone={() => setSetup(null)} />;
  } else if (status.isPending) {
    content = <LoadingStatus label="Loading your second factor" />;
  } else if (status.isError) {
    content = <LoadError title="Could not load your second factor" error={status.error} />;
  } else if (!status.data.enabled) {
    content = (
      <WithPasswordKnown>
        {(hasPassword) => <StartSetup hasPassword={hasPassword} onStarted={setSetup} />}
      </WithPasswordKnown>
    );
  } else {
    const left = status.data.recoveryCodesLeft ?? 0;
    content = (
      <Stack gap="lg">
        <Alert color={left > 2 ? 'green' : 'yellow'} title="On">
          Every sign-in asks for a code from your app. {left} recovery{' '}
          {left === 1 ? 'code is' : 'codes are'} left.
        </Alert>
        {freshCodes && <RecoveryCodes codes={freshCodes} />}
        <WithPasswordKnown>
          {(hasPassword) => (
            <>
              <Stack gap="xs">
                <Text fw={600}>New recovery codes</Text>
                <ChangeForm
                  action="Make new codes"
                  hasPassword={hasPassword}
                  onChange={async (input) => {
                    setFreshCodes((await newCodes.mutateAsync(input)).recoveryCodes);
                  }}
                />
              </Stack>
              <Stack gap="xs">
                <Text fw={600}>Turn off</Text>
                <ChangeForm
                  action="Turn off the second factor"
                  danger
                  hasPassword={hasPassword}
                  onChange={async (input) => {
                    await turnOff.mutateAsync(input);
                    setFreshCodes(null);
                    toast.show({
                      title: 'Second factor off',
                      description: 'We emailed you about it.',
                    });
                  }}
                />
              </Stack>
            </>
          )}
        </WithPasswordKnown>
      </Stack>
    );
  }

  return (
    <SettingsSection
      title="Second factor"
      description="A code from an authenticator app on your phone, asked at every sign-in after your password, emailed link or linked account, so that first step alone signs nobody in."
    >
      {content}
    </SettingsSection>
  );
}
