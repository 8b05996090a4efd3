import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toast } from '../../shell/toast-store';
import {
  apiError,
  json,
  noContent,
  profilePageRoutes,
  stubApi,
  testProviders,
} from '../../test/fake-api';
import { renderRoute, toastTitles } from '../../test/render-route';

async function enter(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

const toasts = () => toast.getToasts().map(({ title, description }) => ({ title, description }));

/** A member who signed up through an identity provider: no password to ask for. */
const noPassword = {
  'GET /api/account/identities': () =>
    json({
      providers: testProviders.providers,
      identities: [{ provider: 'oidc', name: 'Test IdP', linkedAt: '2024-01-01T00:00:00.000Z' }],
      password: false,
    }),
};

const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-12345`);
const key = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('second factor settings', () => {
  it('sets up an authenticator: QR code, key and codes shown once, confirmed by a first code', async () => {
    let enabled = false;
    const api = stubApi({
      ...profilePageRoutes(),
      'GET /api/account/second-factor': () =>
        Response.json({ enabled, recoveryCodesLeft: enabled ? 10 : null }),
      'POST /api/account/second-factor/setup': () =>
        Response.json({
          uri: `otpauth://totp/Viewpoint:ann%40example.com?secret=${key}&issuer=Viewpoint`,
          key,
          recoveryCodes: codes,
        }),
      'POST /api/account/second-factor/confirm': (call) => {
        if ((call.body as { code: string }).code !== '654321') {
          return apiError(400, 'invalid-argument', 'That code is not right.');
        }
        enabled = true;
        return noContent();
      },
    });
    renderRoute('/user-profile');
    const section = await screen.findByRole('region', { name: 'Second factor' });
    await enter(await within(section).findByLabelText('Current password'), 'old secret 1');
    await userEvent.click(
      within(section).getByRole('button', { name: 'Set up an authenticator app' }),
    );

    const qr = await within(section).findByRole('img', { name: /QR code of your key/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const list = within(section).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(within(section).getByRole('button', { name: 'Download codes' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/second-factor/setup')[0]?.body).toEqual({
      password: 'old secret 1',
    });

    const code = within(section).getByLabelText('Code from the app');
    await enter(code, '111111');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(toastTitles()).toContain('Could not turn the second factor on'));

    await userEvent.clear(code);
    await enter(code, '654321');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(toastTitles()).toContain('Second factor on'));
    expect(await within(section).findByText(/10 recovery codes are left/)).toBeTruthy();
  });

  it('turns off with the password and a code', async () => {
    let enabled = true;
    const api = stubApi({
      ...profilePageRoutes(),
      'GET /api/account/second-factor': () =>
        Response.json({ enabled, recoveryCodesLeft: enabled ? 3 : null }),
      'POST /api/account/second-factor/disable': () => {
        enabled = false;
        return noContent();
      },
    });
    renderRoute('/user-profile');
    const section = await screen.findByRole('region', { name: 'Second factor' });
    expect(await within(section).findByText(/3 recovery codes are left/)).toBeTruthy();
    const [, offForm] = within(section).getAllByLabelText('Current password');
    await enter(offForm!, 'old secret 1');
    const [, offCode] = within(section).getAllByLabelText('Code from your app, or a recovery code');
    await enter(offCode!, 'abcde-12345');
    await userEvent.click(
      within(section).getByRole('button', { name: 'Turn off the second factor' }),
    );
    expect(
      await within(section).findByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/second-factor/disable')[0]?.body).toEqual({
      password: 'old secret 1',
      code: 'abcde-12345',
    });
  });

  it('sets up an authenticator without a password for a member who has none', async () => {
    let signedInLongAgo = true;
    const api = stubApi({
      ...profilePageRoutes(),
      ...noPassword,
      'POST /api/account/second-factor/setup': () => {
        if (signedInLongAgo) {
          signedInLongAgo = false;
          return apiError(
            412,
            'failed-precondition',
            'Sign out and in again, then set up the second factor within the hour.',
          );
        }
        return Response.json({
          uri: `otpauth://totp/Viewpoint:ann%40example.com?secret=${key}&issuer=Viewpoint`,
          key,
          recoveryCodes: codes,
        });
      },
    });
    renderRoute('/user-profile');
    const section = await screen.findByRole('region', { name: 'Second factor' });
    const start = await within(section).findByRole('button', {
      name: 'Set up an authenticator app',
    });
    expect(within(section).queryByLabelText('Current password')).toBeNull();
    expect(
      within(section).getByText(/Your account has no password, so this works within an hour/),
    ).toBeTruthy();

    await userEvent.click(start);
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Could not start the setup',
        description: 'Sign out and in again, then set up the second factor within the hour.',
      }),
    );
    expect(within(section).queryByRole('img', { name: /QR code of your key/ })).toBeNull();

    await userEvent.click(start);
    expect(await within(section).findByRole('img', { name: /QR code of your key/ })).toBeTruthy();
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const bodies = api.callsTo('POST', '/api/account/second-factor/setup').map((call) => call.body);
    expect(bodies).toEqual([{}, {}]);
  });

  it('turns off with only a code for a member without a password', async () => {
    let enabled = true;
    const api = stubApi({
      ...profilePageRoutes(),
      ...noPassword,
      'GET /api/account/second-factor': () =>
        Response.json({ enabled, recoveryCodesLeft: enabled ? 3 : null }),
      'POST /api/account/second-factor/disable': () => {
        enabled = false;
        return noContent();
      },
    });
    renderRoute('/user-profile');
    const section = await screen.findByRole('region', { name: 'Second factor' });
    expect(await within(section).findByText(/3 recovery codes are left/)).toBeTruthy();
    const [, offCode] = await within(section).findAllByLabelText(
      'Code from your app, or a recovery code',
    );
    expect(within(section).queryByLabelText('Current password')).toBeNull();
    await enter(offCode!, '123 456');
    await userEvent.click(
      within(section).getByRole('button', { name: 'Turn off the second factor' }),
    );
    expect(
      await within(section).findByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeTruthy();
    expect(toastTitles()).toContain('Second factor off');
    expect(
      api.callsTo('POST', '/api/account/second-factor/disable').map((call) => call.body),
    ).toEqual([{ code: '123 456' }]);
  });

  it('makes new recovery codes with only a code for a member without a password', async () => {
    const fresh = Array.from({ length: 10 }, (_, i) => `wxyz${i}-67890`);
    const api = stubApi({
      ...profilePageRoutes(),
      ...noPassword,
      'GET /api/account/second-factor': () =>
        Response.json({ enabled: true, recoveryCodesLeft: 1 }),
      'POST /api/account/second-factor/recovery-codes': () =>
        Response.json({ recoveryCodes: fresh }),
    });
    renderRoute('/user-profile');
    const section = await screen.findByRole('region', { name: 'Second factor' });
    const [newCode] = await within(section).findAllByLabelText(
      'Code from your app, or a recovery code',
    );
    expect(within(section).queryByLabelText('Current password')).toBeNull();
    await enter(newCode!, 'abcde-12345');
    await userEvent.click(within(section).getByRole('button', { name: 'Make new codes' }));

    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(
      api.callsTo('POST', '/api/account/second-factor/recovery-codes').map((call) => call.body),
    ).toEqual([{ code: 'abcde-12345' }]);
  });
});
