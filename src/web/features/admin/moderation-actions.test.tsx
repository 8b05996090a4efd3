import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmStore } from '../../shell/confirm-store';
import { toast } from '../../shell/toast-store';
import { apiError, json, stubApi, usersDirectoryRoutes } from '../../test/fake-api';
import { buildAdmin, buildAdminUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const admin = buildAdmin();
const ann = buildAdminUser({ id: 'u2', name: 'Ann' });
const self = buildAdminUser({ id: admin.id, name: admin.name, role: 'admin' });

async function chooseRole(label: string) {
  const select = await screen.findByRole('combobox', { name: 'Role of Ann' });
  await userEvent.selectOptions(select, label);
  return screen.findByRole('dialog', { name: 'Change role' });
}

describe('changing a role', () => {
  it('asks in a danger dialog naming both roles and sends PUT only after confirming', async () => {
    const api = stubApi({
      ...usersDirectoryRoutes(admin, [self, ann]),
      'PUT /api/users/u2/role': () => json({ user: { ...ann, role: 'moderator' } }),
    });
    renderRoute('/admin/users');

    const dialog = await chooseRole('Moderator');

    expect(within(dialog).getByText("Change Ann's role from User to Moderator?")).toBeTruthy();
    expect(confirmStore.getState().view?.type).toBe('danger');
    expect(api.callsTo('PUT', '/api/users/u2/role')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));

    await waitFor(() => expect(toastTitles()).toContain('Role changed'));
    expect(api.callsTo('PUT', '/api/users/u2/role')[0]?.body).toEqual({ role: 'moderator' });
    await waitFor(() => expect(api.callsTo('GET', '/api/users')).toHaveLength(2));
  });

  it('sends nothing when the admin cancels, and the select keeps the old role', async () => {
    const api = stubApi(usersDirectoryRoutes(admin, [self, ann]));
    renderRoute('/admin/users');

    const dialog = await chooseRole('Admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(api.callsTo('PUT', '/api/users/u2/role')).toHaveLength(0);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role of Ann' }).value).toBe(
      'user',
    );
  });

  it('shows the last-admin refusal as a red toast', async () => {
    stubApi({
      ...usersDirectoryRoutes(admin, [self, ann]),
      'PUT /api/users/u2/role': () =>
        apiError(412, 'failed-precondition', 'The site must keep at least one admin'),
    });
    renderRoute('/admin/users');

    const dialog = await chooseRole('Moderator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));

    await waitFor(() => expect(toastTitles()).toContain('Could not change the role'));
    expect(toast.getToasts()[0]).toMatchObject({
      description: 'The site must keep at least one admin',
      color: 'red',
    });
  });
});

describe('blocking an account', () => {
  it('sends the reason and the end date as an ISO time', async () => {
    const api = stubApi({
      ...usersDirectoryRoutes(admin, [self, ann]),
      'POST /api/users/u2/block': () =>
        json({ user: { ...ann, block: { reason: 'Spam links', until: null } } }),
    });
    renderRoute('/admin/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ann' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block Ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ann' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Spam links');
    fireEvent.change(within(dialog).getByLabelText('Blocked until'), {
      target: { value: '2030-05-01T12:30' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block account' }));

    await waitFor(() => expect(toastTitles()).toContain('Account blocked'));
    expect(api.callsTo('POST', '/api/users/u2/block')[0]?.body).toEqual({
      reason: 'Spam links',
      until: new Date('2030-05-01T12:30').toISOString(),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks the reason as required, and the end date as optional', async () => {
    stubApi(usersDirectoryRoutes(admin, [self, ann]));
    renderRoute('/admin/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ann' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block Ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ann' });
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason.hasAttribute('required')).toBe(true);
    expect(dialog.querySelector(`label[for="${reason.id}"]`)?.textContent).toBe('Reason *');
    expect(within(dialog).getByLabelText('Blocked until').hasAttribute('required')).toBe(false);
  });

  it('sends a null end date for a block without one, and refuses a short reason', async () => {
    const api = stubApi({
      ...usersDirectoryRoutes(admin, [self, ann]),
      'POST /api/users/u2/block': () =>
        json({ user: { ...ann, block: { reason: 'Spam', until: null } } }),
    });
    renderRoute('/admin/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ann' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block Ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ann' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block account' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'pe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block account' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/users/u2/block')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/users/u2/block')[0]?.body).toEqual({
      reason: 'nope',
      until: null,
    });
  });
});
