import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, noContent, profilePageRoutes, stubApi } from '../../test/fake-api';
import { renderRoute, toastTitles } from '../../test/render-route';

async function enter(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

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
});
