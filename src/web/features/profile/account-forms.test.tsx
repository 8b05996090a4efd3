import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, profilePageRoutes, stubApi } from '../../test/fake-api';
import { buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const ann = buildUser();

describe('display name', () => {
  it('saves the new name and shows it from the refreshed session', async () => {
    let user = ann;
    const api = stubApi({
      ...profilePageRoutes(),
      'GET /api/auth/session': () => json({ user }),
      'PATCH /api/account': (call) => {
        user = { ...ann, name: (call.body as { name: string }).name };
        return json({ user });
      },
    });
    renderRoute('/user-profile');

    const form = await screen.findByRole('region', { name: 'Display name' });
    const input = within(form).getByLabelText('Display name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Ann Marie');
    await userEvent.click(within(form).getByRole('button', { name: 'Save name' }));

    await waitFor(() => expect(toastTitles()).toContain('Display name saved'));
    expect(api.callsTo('PATCH', '/api/account')[0]?.body).toEqual({ name: 'Ann Marie' });
    expect(
      within(await screen.findByRole('region', { name: 'Overview' })).getByText('Ann Marie'),
    ).toBeTruthy();
  });
});

describe('change email', () => {
  it('says the link went to the new address and nothing changes until it is followed', async () => {
    const api = stubApi({
      ...profilePageRoutes(),
      'POST /api/account/email': () => json({ status: 'email-sent' }),
    });
    renderRoute('/user-profile');

    const form = await screen.findByRole('region', { name: 'Email address' });
    await userEvent.type(within(form).getByLabelText('New email address'), 'ann@new.example');
    await userEvent.type(within(form).getByLabelText('Current password'), 'old secret 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));

    const notice = await within(form).findByRole('status');
    expect(notice.textContent).toContain('We sent a link to ann@new.example');
    expect(notice.textContent).toContain('Nothing changes until you follow it');
    expect(api.callsTo('POST', '/api/account/email')[0]?.body).toEqual({
      newEmail: 'ann@new.example',
      password: 'old secret 1',
    });
  });

  it('puts field issues from the server on the fields', async () => {
    stubApi({
      ...profilePageRoutes(),
      'POST /api/account/email': () =>
        apiError(400, 'invalid-argument', 'Invalid body.newEmail', {
          issues: [{ in: 'body', path: '/newEmail', message: 'This address cannot be used' }],
        }),
    });
    renderRoute('/user-profile');

    const form = await screen.findByRole('region', { name: 'Email address' });
    await userEvent.type(within(form).getByLabelText('New email address'), 'ann@new.example');
    await userEvent.type(within(form).getByLabelText('Current password'), 'old secret 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));

    expect(await within(form).findByText('This address cannot be used')).toBeTruthy();
    expect(toastTitles()).toEqual([]);
  });
});
