import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { identityProvidersResponse, type IdentityProvider } from '../../../shared/accounts';
import { apiFetch } from '../../api/api-client';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../shell/toast-store';

/** GET /api/auth/providers: the "Continue with …" buttons the operator set up. */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.identityProviders,
    queryFn: () => apiFetch('/api/auth/providers', identityProvidersResponse),
    staleTime: Infinity,
  });

export const useIdentityProviders = () => useQuery(providersQueryOptions());

/** What /auth/provider-done was told by the server, as the popup hands it to its page. */
export interface ProviderOutcome {
  provider: string;
  to: string;
  error: string | null;
  secondFactor: boolean;
  newMember: boolean;
  link: boolean;
  /** Ended in the popup, which reports to its page; otherwise the page itself goes on. */
  popup: boolean;
}

export function outcomeOf(params: URLSearchParams): ProviderOutcome {
  return {
    provider: params.get('provider') ?? '',
    to: params.get('to') ?? '/',
    error: params.get('error'),
    secondFactor: params.get('secondFactor') === '1',
    newMember: params.get('new') === '1',
    link: params.get('link') === '1',
    popup: params.get('popup') === '1',
  };
}

/** The popup's window name and the channel it reports on (same origin, every tab hears it). */
export const popupName = 'vp-provider-sign-in';
const channelName = 'vp-provider-sign-in';
export const popupSize = { width: 500, height: 600 };
/** How long a closed popup's report may lag behind the window closing. */
const closedGraceMs = 1500;

/** Tells the page that opened this popup how its sign-in ended. */
export function reportToOpener(outcome: ProviderOutcome): void {
  const channel = new BroadcastChannel(channelName);
  channel.postMessage({ type: 'provider-outcome', outcome });
  channel.close();
}

/** Each failure in words; `name` is the provider's. */
export function providerErrorMessage(code: string, name: string): string {
  switch (code) {
    case 'popup-closed-by-user':
      return `The ${name} window was closed before signing in finished.`;
    case 'cancelled-popup-request':
      return `Another sign-in window was opened, so the earlier ${name} one was closed.`;
    case 'unauthorized-domain':
      return `${name} does not allow signing in from this address.`;
    case 'unauthorized_client':
    case 'redirect_uri_mismatch':
      return `${name} refused this site's address: the operator must register its redirect URL with ${name}.`;
    case 'access_denied':
      return `${name} sign-in was cancelled.`;
    case 'account_not_linked':
      return `An account already uses the address your ${name} account gave. Sign in to that account below, and ${name} will be linked to it.`;
    case 'email_not_found':
      return `${name} did not share an email address, and an account needs one.`;
    case 'unable_to_link_account':
      return `${name} did not vouch for that address (it is not verified there), so it cannot be linked.`;
    case 'account_already_linked_to_different_user':
      return `That ${name} account is already linked to another account here.`;
    case 'BANNED_USER':
    case 'banned':
      return 'Your account is blocked.';
    case 'state_mismatch':
    case 'state_not_found':
    case 'please_restart_the_process':
      return `That ${name} sign-in expired or was not started in this browser. Try again.`;
    default:
      return `Signing in with ${name} did not work. Try again.`;
  }
}

/** Where the popup opens: centred on the window that opened it. */
function popupFeatures(): string {
  const { width, height } = popupSize;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/** Where the popup goes, for a popup (true) or, when popups are blocked, for the page. */
export type PopupTarget =
  { url: (popup: boolean) => string } | { ask: (popup: boolean) => Promise<string> };

/**
 * Signing in (or linking) in a centred 500×600 popup, as SPEC's signInWithIdp: a blocked popup
 * goes on as a full-page redirect; a popup closed by the member, or cancelled by a second one,
 * says so in a toast; the outcome reaches `onOutcome` in this page.
 */
export function useProviderPopup(options: {
  origin: string | undefined;
  onOutcome: (outcome: ProviderOutcome) => void;
}) {
  const { origin, onOutcome } = options;
  const pending = useRef<{ popup: Window; name: string; stop: () => void } | null>(null);
  const latest = useRef(onOutcome);
  useEffect(() => {
    latest.current = onOutcome;
  });

  useEffect(() => () => pending.current?.stop(), []);

  return useCallback(
    (provider: IdentityProvider, target: PopupTarget) => {
      const fail = (code: string) =>
        toast.show({
          title: 'Could not sign in',
          description: providerErrorMessage(code, provider.name),
          color: 'red',
        });
      if (origin && window.location.origin !== origin) return fail('unauthorized-domain');
      if (pending.current) {
        const earlier = pending.current;
        earlier.stop();
        earlier.popup.close();
        toast.show({
          title: 'Sign-in window replaced',
          description: providerErrorMessage('cancelled-popup-request', earlier.name),
        });
      }
      // A sign-in's address is known at once; a link's is asked of the server (a POST), so
      // the popup opens blank first: a window opened after waiting would be blocked.
      const popup =
        'url' in target
          ? window.open(target.url(true), popupName, popupFeatures())
          : window.open('about:blank', popupName, popupFeatures());
      if ('ask' in target) {
        void target.ask(popup !== null).then(
          (next) => (popup ? popup.location.assign(next) : window.location.assign(next)),
          () => {
            popup?.close();
            fail('failed');
          },
        );
      } else if (!popup) {
        window.location.assign(target.url(false));
      }
      // Blocked: the same sign-in goes on in this page.
      if (!popup) return;
      const channel = new BroadcastChannel(channelName);
      let settled = false;
      const stop = () => {
        settled = true;
        window.clearInterval(watch);
        channel.close();
        if (pending.current?.popup === popup) pending.current = null;
      };
      channel.onmessage = (event: MessageEvent<{ type?: string; outcome?: ProviderOutcome }>) => {
        if (event.data.type !== 'provider-outcome' || !event.data.outcome) return;
        stop();
        latest.current(event.data.outcome);
      };
      // Closed before it reported: the member closed it. `closed` also reads true once a
      // provider's isolation headers cut this page off from its popup, so a report that comes
      // later still signs in (the channel stays open until the next sign-in or this page goes).
      const watch = window.setInterval(() => {
        if (!popup.closed || settled) return;
        window.clearInterval(watch);
        window.setTimeout(() => {
          if (!settled) fail('popup-closed-by-user');
        }, closedGraceMs);
      }, 250);
      pending.current = { popup, name: provider.name, stop };
    },
    [origin],
  );
}

/** GET …/start, the address a popup (or the page) goes to for a provider sign-in. */
export const providerStartUrl = (provider: string, redirect: string, popup: boolean) =>
  `/api/auth/providers/${encodeURIComponent(provider)}/start?${new URLSearchParams({
    redirect,
    ...(popup ? { popup: '1' } : {}),
  }).toString()}`;
