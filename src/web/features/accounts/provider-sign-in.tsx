import { Button, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { redirectResponse, type IdentityProvider } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { getSession } from '../../api/session';
import {
  providerStartUrl,
  useIdentityProviders,
  useProviderPopup,
  type ProviderOutcome,
} from './providers';
import { safeRedirect } from './safe-redirect';
import { useStartSession } from './start-session';

/** Kept in this tab while the member signs in to link the provider that found their address. */
const pendingLinkKey = 'vp-pending-link';

export function rememberPendingLink(provider: string): void {
  try {
    sessionStorage.setItem(pendingLinkKey, provider);
  } catch {
    // Storage refused: the member links it from their profile instead.
  }
}

function takePendingLink(): string | null {
  try {
    const provider = sessionStorage.getItem(pendingLinkKey);
    sessionStorage.removeItem(pendingLinkKey);
    return provider;
  } catch {
    return null;
  }
}

/** POST …/link: where the browser goes to prove the identity, linked on return. */
export const startLink = (provider: string, popup: boolean) =>
  apiFetch(
    `/api/account/identities/${encodeURIComponent(provider)}/link${popup ? '?popup=1' : ''}`,
    redirectResponse,
    { method: 'POST' },
  ).then((answer) => answer.url);

/**
 * A signed-in outcome: the session starts in this tab (and so in every open tab), then the
 * page goes on — to link a provider still waiting, to choose a username, or to `to`.
 */
export function useFinishProviderSignIn() {
  const navigate = useNavigate();
  const startSession = useStartSession();
  return useCallback(
    async (outcome: Pick<ProviderOutcome, 'to' | 'newMember'>) => {
      const user = await getSession();
      if (user) await startSession(user);
      const to = safeRedirect(outcome.to);
      if (outcome.newMember) {
        await navigate(`/auth/welcome?${new URLSearchParams({ redirect: to }).toString()}`, {
          replace: true,
        });
        return;
      }
      await navigate(to, { replace: true });
    },
    [navigate, startSession],
  );
}

/** After any way in: a provider that found this account's address is linked now. */
export async function linkPendingProvider(): Promise<boolean> {
  const provider = takePendingLink();
  if (!provider) return false;
  window.location.assign(await startLink(provider, false));
  return true;
}

/**
 * The "Continue with …" buttons' flow for the sign-in and sign-up pages: the popup, its outcome
 * (an error or a second factor the page shows), and the session when it signed in.
 */
export function useProviderSignIn(redirect: string) {
  const providers = useIdentityProviders();
  const finish = useFinishProviderSignIn();
  const [outcome, setOutcome] = useState<ProviderOutcome | null>(null);
  const open = useProviderPopup({
    origin: providers.data?.origin,
    onOutcome: (next) => {
      setOutcome(next);
      if (next.error === 'account_not_linked') rememberPendingLink(next.provider);
      if (!next.error && !next.secondFactor) void finish(next);
    },
  });
  return {
    providers: providers.data?.providers ?? [],
    outcome,
    reset: () => setOutcome(null),
    start: (provider: IdentityProvider) => {
      setOutcome(null);
      open(provider, { url: (popup) => providerStartUrl(provider.id, redirect, popup) });
    },
  };
}

/** One full-width button per provider the operator set up; nothing when there are none. */
export function ProviderButtons(props: {
  providers: IdentityProvider[];
  onChoose: (provider: IdentityProvider) => void;
}) {
  if (props.providers.length === 0) return null;
  return (
    <Stack gap="xs">
      {props.providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          onClick={() => props.onChoose(provider)}
        >
          Continue with {provider.name}
        </Button>
      ))}
    </Stack>
  );
}
