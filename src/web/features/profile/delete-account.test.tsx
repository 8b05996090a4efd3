import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { confirmStore } from '../../shell/confirm-store';
import { toast } from '../../shell/toast-store';
import { apiError, noContent, profilePageRoutes, stubApi } from '../../test/fake-api';
import { site } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

async function armDeletion(username: string) {
  const zone = await screen.findByRole('region', { name: 'Delete account' });
  const button = within(zone).getByRole<HTMLButtonElement>('button', { name: 'Delete account' });
  expect(button.disabled).toBe(true);
  await userEvent.type(within(zone).getByLabelText('Current password'), 'old secret 1');
  await userEvent.type(within(zone).getByLabelText('Type your username to confirm'), username);
  return button;
}

describe('delete account', () => {
  it('keeps the button disabled until the typed username matches', async () => {
    stubApi(profilePageRoutes());
    renderRoute('/user-profile');

    const button = await armDeletion('an');
    expect(button.disabled).toBe(true);

    await userEvent.type(screen.getByLabelText('Type your username to confirm'), 'n');
    expect(button.disabled).toBe(false);
  });

  it('asks in the danger dialog, then deletes, signs out and goes home', async () => {
    const api = stubApi({ ...profilePageRoutes(), 'DELETE /api/account': () => noContent() });
    const { location, queryClient } = renderRoute('/user-profile');

    await userEvent.click(await armDeletion('ann'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/shown as by “deleted user”/)).toBeTruthy();
    expect(confirmStore.getState().view?.type).toBe('danger');
    expect(api.callsTo('DELETE', '/api/account')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { level: 1, name: site.name })).toBeTruthy();
    expect(location()).toBe('/');
    expect(api.callsTo('DELETE', '/api/account')[0]?.body).toEqual({
      username: 'ann',
      password: 'old secret 1',
    });
    expect(queryClient.getQueryData(queryKeys.session)).toBeNull();
  });

  it('stays on the page with a red toast when the server refuses', async () => {
    stubApi({
      ...profilePageRoutes(),
      'DELETE /api/account': () => apiError(400, 'invalid-argument', 'Password is incorrect'),
    });
    const { location } = renderRoute('/user-profile');

    await userEvent.click(await armDeletion('ann'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(toastTitles()).toContain('Could not delete your account'));
    expect(toast.getToasts()[0]?.description).toBe('Password is incorrect');
    expect(location()).toBe('/user-profile');
  });
});
