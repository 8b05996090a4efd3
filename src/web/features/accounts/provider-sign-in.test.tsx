import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, profilePageRoutes, sessionOf, stubApi, testProviders } from '../../test/fake-api';
import { buildPasskey, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';
import { toast } from '../../shell/toast-store';
import { reportToOpener, type ProviderOutcome } from './providers';

/** A popup window as window.open answers it, that the test closes or reports from. */
function fakePopup() {
  const popup = { closed: false, close: vi.fn(), location: { assign: vi.fn() } };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { popup, open };
}

const outcome = (overrides: Partial<ProviderOutcome> = {}): ProviderOutcome => ({
  provider: 'oidc',
  to: '/add-new',
  error: null,
  secondFactor: false,
  newMember: false,
  link: false,
  popup: true,
  ...overrides,
});

const withProviders = { 'GET /api/auth/providers': () => json(testProviders) };

afterEach(() => {
  vi.restoreAllMocks();
  toast.clear();
});

describe('continue with a provider', () => {
  it('opens a centred 500×600 popup and, told it signed in, goes on signed in', async () => {
    let signedIn = false;
    stubApi({
      ...withProviders,
      'GET /api/auth/session': () => json({ user: signedIn ? buildUser() : null }),
    });
    const { open } = fakePopup();
    const { location } = renderRoute('/auth/login?redirect=%2Fadd-new');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue with Test IdP' }));

    expect(open).toHaveBeenCalledWith(
      '/api/auth/providers/oidc/start?redirect=%2Fadd-new&popup=1',
      'vp-provider-sign-in',
      expect.stringMatching(/^popup=yes,width=500,height=600,left=\d+,top=\d+$/),
    );
    signedIn = true;
    reportToOpener(outcome());
    expect(await screen.findByRole('heading', { level: 1, name: 'New post' })).toBeTruthy();
    expect(location()).toBe('/add-new');
  });

  it('says so when the member closes the popup before it finished', async () => {
    stubApi(withProviders);
    const { popup } = fakePopup();
    renderRoute('/auth/login');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue with Test IdP' }));
    popup.closed = true;
    await waitFor(() => expect(toastTitles()).toContain('Could not sign in'));
    expect(toast.getToasts()[0]?.description).toMatch(
      /Test IdP window was closed before signing in finished/,
    );
  });

  it('closes an earlier popup when a second is opened, and says so', async () => {
    stubApi(withProviders);
    const { popup } = fakePopup();
    renderRoute('/auth/login');
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: 'Continue with Test IdP' });
    await user.click(button);
    await user.click(button);
    expect(popup.close).toHaveBeenCalledOnce();
    expect(toastTitles()).toContain('Sign-in window replaced');
  });

  it('refuses at an address the providers do not know', async () => {
    stubApi({
      'GET /api/auth/providers': () => json({ ...testProviders, origin: 'https://films.example' }),
    });
    const { open } = fakePopup();
    renderRoute('/auth/login');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue with Test IdP' }));
    expect(open).not.toHaveBeenCalled();
    expect(toast.getToasts()[0]?.description).toMatch(
      /Test IdP does not allow signing in from this address/,
    );
  });

  it('asks for the second factor when the popup says the account has one', async () => {
    stubApi(withProviders);
    fakePopup();
    renderRoute('/auth/login');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue with Test IdP' }));
    reportToOpener(outcome({ secondFactor: true }));
    expect(await screen.findByLabelText(/^Code/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Trust this browser for 30 days' })).toBeTruthy();
  });

  it('an address with an account: asks its owner to sign in, then links', async () => {
    const api = stubApi({
      ...withProviders,
      'POST /api/auth/sign-in': () => json({ user: buildUser() }),
      'POST /api/account/identities/oidc/link': () => json({ url: 'http://127.0.0.1:9/authorize' }),
    });
    renderRoute('/auth/login?provider=oidc&providerError=account_not_linked');
    const alert = await screen.findByRole('alert');
    expect(
      await within(alert).findByText(/Sign in to that account below, and Test IdP will be linked/),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/account/identities/oidc/link')).toHaveLength(1),
    );
  });

  it('shows no provider buttons on a site that set up none', async () => {
    stubApi({});
    renderRoute('/auth/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });
});

describe('linked accounts on the profile', () => {
  it('links through the popup, which goes where the server says', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      ...withProviders,
      'POST /api/account/identities/oidc/link': () => json({ url: 'http://127.0.0.1:9/authorize' }),
    });
    const { popup, open } = fakePopup();
    renderRoute('/user-profile#identities');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Link Test IdP' }));
    expect(open).toHaveBeenCalledWith('about:blank', 'vp-provider-sign-in', expect.any(String));
    await waitFor(() =>
      expect(popup.location.assign).toHaveBeenCalledWith('http://127.0.0.1:9/authorize'),
    );
    expect(api.callsTo('POST', '/api/account/identities/oidc/link')[0]?.search.get('popup')).toBe(
      '1',
    );
  });

  it('never offers to unlink the last way in', async () => {
    stubApi({
      ...profilePageRoutes(),
      ...sessionOf(buildUser()),
      ...withProviders,
      'GET /api/account/identities': () =>
        json({
          providers: testProviders.providers,
          identities: [
            { provider: 'oidc', name: 'Test IdP', linkedAt: '2026-11-01T10:00:00.000Z' },
          ],
          password: false,
        }),
    });
    renderRoute('/user-profile');
    const unlink = await screen.findByRole('button', { name: 'Unlink Test IdP' });
    expect((unlink as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/It is your only way to sign in/)).toBeTruthy();
  });

  it('offers to unlink the last provider when a passkey also signs in', async () => {
    stubApi({
      ...profilePageRoutes(),
      ...withProviders,
      'GET /api/account/identities': () =>
        json({
          providers: testProviders.providers,
          identities: [
            { provider: 'oidc', name: 'Test IdP', linkedAt: '2026-11-01T10:00:00.000Z' },
          ],
          password: false,
        }),
      'GET /api/account/passkeys': () => json({ passkeys: [buildPasskey({ id: 'pk1' })] }),
    });
    renderRoute('/user-profile');
    await screen.findByText('Passkey on Firefox');
    const unlink = await screen.findByRole('button', { name: 'Unlink Test IdP' });
    expect((unlink as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/It is your only way to sign in/)).toBeNull();
  });
});
