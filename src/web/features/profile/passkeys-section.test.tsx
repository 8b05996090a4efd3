import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '../../../shared/accounts';
import { formatDate } from '../../components/format-time';
import { toast } from '../../shell/toast-store';
import {
  apiError,
  json,
  noContent,
  profilePageRoutes,
  stubApi,
  testPasskeyOptions,
  testProviders,
  type ApiRoutes,
} from '../../test/fake-api';
import { buildPasskey, buildRegistrationResponse } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

// The browser's passkey prompt is outside the app: the tests answer for it.
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthn: vi.fn(),
  startRegistration: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReset().mockReturnValue(true);
  vi.mocked(startRegistration).mockReset().mockResolvedValue(buildRegistrationResponse());
});

async function enter(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

const toasts = () => toast.getToasts().map(({ title, description }) => ({ title, description }));

const laptop = buildPasskey({ id: 'pk1', name: 'Passkey on Firefox' });
const phone = buildPasskey({
  id: 'pk2',
  name: 'Ann’s phone',
  createdAt: '2025-04-02T09:30:00.000Z',
  backedUp: true,
});

/** The profile page with `passkeys` kept as the server would: listed, added, removed. */
function passkeyRoutes(passkeys: Passkey[], routes: ApiRoutes = {}): ApiRoutes {
  return {
    ...profilePageRoutes(),
    'GET /api/account/passkeys': () => json({ passkeys }),
    'POST /api/account/passkeys/options': () => json({ options: testPasskeyOptions.creation }),
    'POST /api/account/passkeys': (call) => {
      const passkey = buildPasskey({ id: 'pk9', name: (call.body as { name: string }).name });
      passkeys.push(passkey);
      return json({ passkey }, 201);
    },
    ...routes,
  };
}

async function findSection() {
  return screen.findByRole('region', { name: 'Passkeys' });
}

describe('passkey settings', () => {
  it('lists each passkey with its name, when it was added, and whether it is synced', async () => {
    stubApi(passkeyRoutes([laptop, phone]));
    renderRoute('/user-profile');

    const section = await findSection();
    expect(
      within(section).getByText(
        'Sign in with your fingerprint, face or device PIN instead of a password. With the second factor on, a passkey also works in place of a code.',
      ),
    ).toBeTruthy();
    const list = await within(section).findByRole('list', { name: 'Your passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Passkey on Firefox')).toBeTruthy();
    expect(within(first!).getByText(`Added ${formatDate(laptop.createdAt)}`)).toBeTruthy();
    expect(within(first!).queryByText('Synced')).toBeNull();
    expect(within(second!).getByText('Ann’s phone')).toBeTruthy();
    expect(within(second!).getByText(`Added ${formatDate(phone.createdAt)}`)).toBeTruthy();
    expect(within(second!).getByText('Synced')).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Remove Ann’s phone' })).toBeTruthy();
  });

  it('adds a passkey: the password, the browser’s prompt with the server’s options, then its name', async () => {
    const passkeys: Passkey[] = [];
    const api = stubApi(passkeyRoutes(passkeys));
    renderRoute('/user-profile');

    const section = await findSection();
    expect(await within(section).findByText('You have no passkeys yet.')).toBeTruthy();
    const form = await within(section).findByRole('form', { name: 'Add a passkey' });
    const name = within(form).getByLabelText<HTMLInputElement>('Passkey name');
    expect(name.value).toBe('My passkey');
    await userEvent.clear(name);
    await enter(name, 'Work laptop');
    await enter(within(form).getByLabelText('Current password'), 'old secret 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));

    const list = await within(section).findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Work laptop')).toBeTruthy();
    expect(toasts()).toContainEqual({
      title: 'Passkey added',
      description: '“Work laptop” now signs you in.',
    });
    expect(api.callsTo('POST', '/api/account/passkeys/options')[0]?.body).toEqual({
      password: 'old secret 1',
    });
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: testPasskeyOptions.creation });
    expect(api.callsTo('POST', '/api/account/passkeys')[0]?.body).toEqual({
      name: 'Work laptop',
      response: buildRegistrationResponse(),
    });
    // The form is ready for the next one.
    expect(within(form).getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it('asks for no password when the account has none', async () => {
    const api = stubApi(
      passkeyRoutes([], {
        'GET /api/account/identities': () =>
          json({
            providers: testProviders.providers,
            identities: [{ provider: 'oidc', name: 'Test IdP', linkedAt: laptop.createdAt }],
            password: false,
          }),
      }),
    );
    renderRoute('/user-profile');

    const form = await within(await findSection()).findByRole('form', { name: 'Add a passkey' });
    expect(within(form).queryByLabelText('Current password')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/account/passkeys')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/account/passkeys/options')[0]?.body).toEqual({});
    expect(api.callsTo('POST', '/api/account/passkeys')[0]?.body).toMatchObject({
      name: 'My passkey',
    });
  });

  it('says what is missing before asking the server', async () => {
    const api = stubApi(passkeyRoutes([]));
    renderRoute('/user-profile');

    const form = await within(await findSection()).findByRole('form', { name: 'Add a passkey' });
    await userEvent.clear(within(form).getByLabelText('Passkey name'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));

    expect(await within(form).findByText('Name this passkey')).toBeTruthy();
    expect(within(form).getByText('Enter your current password')).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/passkeys/options')).toHaveLength(0);
  });

  it('shows a wrong password on its field and adds nothing', async () => {
    const api = stubApi(
      passkeyRoutes([], {
        'POST /api/account/passkeys/options': () =>
          apiError(400, 'invalid-argument', 'Your password is not right.', {
            issues: [{ path: '/password', message: 'Your password is not right.' }],
          }),
      }),
    );
    renderRoute('/user-profile');

    const form = await within(await findSection()).findByRole('form', { name: 'Add a passkey' });
    await enter(within(form).getByLabelText('Current password'), 'wrong secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));

    expect(await within(form).findByText('Your password is not right.')).toBeTruthy();
    expect(startRegistration).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/api/account/passkeys')).toHaveLength(0);
  });

  it('says calmly that the prompt was cancelled, and keeps nothing', async () => {
    vi.mocked(startRegistration).mockRejectedValue(
      new WebAuthnError({
        message: 'The operation either timed out or was not allowed.',
        code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
        cause: new DOMException('The operation was not allowed.', 'NotAllowedError'),
      }),
    );
    const api = stubApi(passkeyRoutes([]));
    renderRoute('/user-profile');

    const form = await within(await findSection()).findByRole('form', { name: 'Add a passkey' });
    await enter(within(form).getByLabelText('Current password'), 'old secret 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));

    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Could not add the passkey',
        description: 'Passkey request cancelled or timed out.',
      }),
    );
    expect(api.callsTo('POST', '/api/account/passkeys')).toHaveLength(0);
    expect(within(form).getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  it('removes a passkey once the dialog naming it is confirmed', async () => {
    const passkeys = [laptop, phone];
    const api = stubApi(
      passkeyRoutes(passkeys, {
        'DELETE /api/account/passkeys/pk2': () => {
          passkeys.splice(1, 1);
          return noContent();
        },
      }),
    );
    renderRoute('/user-profile');

    const section = await findSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Remove Ann’s phone' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/“Ann’s phone” will no longer sign you in/)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/account/passkeys/pk2')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));

    await waitFor(() => expect(within(section).queryByText('Ann’s phone')).toBeNull());
    expect(within(section).getByText('Passkey on Firefox')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/account/passkeys/pk2')).toHaveLength(1);
    expect(toasts()).toContainEqual({ title: 'Passkey removed', description: undefined });
  });

  it('shows the server’s reason when the passkey is the last way in', async () => {
    stubApi(
      passkeyRoutes([laptop], {
        'DELETE /api/account/passkeys/pk1': () =>
          apiError(
            412,
            'failed-precondition',
            'This passkey is your only way to sign in: set a password first.',
          ),
      }),
    );
    renderRoute('/user-profile');

    const section = await findSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Remove Passkey on Firefox' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove passkey' }),
    );

    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Could not remove the passkey',
        description: 'This passkey is your only way to sign in: set a password first.',
      }),
    );
    expect(within(section).getByText('Passkey on Firefox')).toBeTruthy();
  });

  it('says when this browser cannot use passkeys, and offers no form to add one', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    stubApi(passkeyRoutes([laptop]));
    renderRoute('/user-profile');

    const section = await findSection();
    expect(
      await within(section).findByText(
        'This browser cannot use passkeys, so none can be added here.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('form', { name: 'Add a passkey' })).toBeNull();
    // The ones already made can still be removed from here.
    expect(
      await within(section).findByRole('button', { name: 'Remove Passkey on Firefox' }),
    ).toBeTruthy();
  });
});
