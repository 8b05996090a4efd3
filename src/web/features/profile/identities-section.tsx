import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Identities, IdentityProvider } from '../../../shared/accounts';
import { queryKeys } from '../../api/query-keys';
import { formatDate } from '../../components/format-time';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { showServerError } from '../../shell/server-errors';
import { toast } from '../../shell/toast-store';
import {
  providerErrorMessage,
  startLink,
  useIdentityProviders,
  useProviderPopup,
} from '../accounts';
import { useIdentities, useUnlinkIdentity } from './api/identities';
import { usePasskeys } from './api/passkeys';
import { SettingsSection } from './settings-section';

/** How many ways into the account there are: a password, each linked provider, each passkey. */
const waysIn = (data: Identities, passkeys: number) =>
  data.identities.length + (data.password ? 1 : 0) + passkeys;

/**
 * /user-profile#identities: the accounts at GitHub, Google or the site's OpenID Connect
 * provider that sign in here. Linking opens the provider in a popup; the last way in cannot be
 * unlinked.
 */
export function IdentitiesSection() {
  const identities = useIdentities();
  // Until the passkeys are known none count, so the last provider cannot be unlinked meanwhile.
  const passkeyCount = usePasskeys().data?.passkeys.length ?? 0;
  const origin = useIdentityProviders().data?.origin;
  const unlink = useUnlinkIdentity();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // A link that went on in the page (popups blocked) came back with its error.
  const [linkError, setLinkError] = useState(() => {
    const code = params.get('linkError');
    return code ? { code, provider: params.get('provider') ?? '' } : null;
  });
  const open = useProviderPopup({
    origin,
    onOutcome: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.identities });
      if (outcome.error) setLinkError({ code: outcome.error, provider: outcome.provider });
      else toast.show({ title: 'Account linked', color: 'green' });
    },
  });

  const link = (provider: IdentityProvider) => {
    setLinkError(null);
    open(provider, { ask: (popup) => startLink(provider.id, popup) });
  };

  let body;
  if (identities.isPending) body = <LoadingStatus label="Loading linked accounts" />;
  else if (identities.isError)
    body = <LoadError title="Could not load your linked accounts" error={identities.error} />;
  else {
    const data = identities.data;
    const last = waysIn(data, passkeyCount) <= 1;
    body = (
      <Stack gap="sm">
        {data.providers.length === 0 && (
          <Text>This site offers no other accounts to sign in with.</Text>
        )}
        {data.providers.map((provider) => {
          const linked = data.identities.find((identity) => identity.provider === provider.id);
          return (
            <Group key={provider.id} justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={0}>
                <Text fw={500}>{provider.name}</Text>
                <Text size="sm" c="dimmed">
                  {linked ? `Linked on ${formatDate(linked.linkedAt)}` : 'Not linked'}
                </Text>
              </Stack>
              {linked ? (
                <Button
                  variant="default"
                  disabled={last}
                  title={
                    last
                      ? 'Your only way to sign in: set a password, add a passkey or link another account first'
                      : undefined
                  }
                  loading={unlink.isPending && unlink.variables === provider.id}
                  aria-label={`Unlink ${provider.name}`}
                  onClick={() =>
                    unlink.mutate(provider.id, {
                      onSuccess: () =>
                        toast.show({ title: `${provider.name} unlinked`, color: 'green' }),
                      onError: (error) =>
                        showServerError(`Could not unlink ${provider.name}`, error),
                    })
                  }
                >
                  Unlink
                </Button>
              ) : (
                <Button
                  variant="default"
                  aria-label={`Link ${provider.name}`}
                  onClick={() => link(provider)}
                >
                  Link
                </Button>
              )}
            </Group>
          );
        })}
        {last && data.identities.length > 0 && (
          <Text size="sm" c="dimmed">
            It is your only way to sign in, so it cannot be unlinked until you set a password, add a
            passkey or link another account.
          </Text>
        )}
      </Stack>
    );
  }

  const failedName =
    identities.data?.providers.find((provider) => provider.id === linkError?.provider)?.name ??
    'that account';
  return (
    <SettingsSection
      title="Linked accounts"
      description="Accounts elsewhere that sign you in here. Each keeps your second factor, if you have one."
    >
      {linkError && (
        <Alert color="red" role="alert" title={`Could not link ${failedName}`}>
          {providerErrorMessage(linkError.code, failedName)}
        </Alert>
      )}
      {body}
    </SettingsSection>
  );
}
