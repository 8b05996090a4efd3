import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toast } from '../../shell/toast-store';
import { json, stubApi, usersDirectoryRoutes } from '../../test/fake-api';
import { buildAdmin, buildAdminUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

const admin = buildAdmin();
const ann = buildAdminUser({ id: 'u2', name: 'Ann' });
const self = buildAdminUser({ id: admin.id, name: admin.name, role: 'admin' });

/** The row whose header starts with `name` (then come the username and email). */
async function row(name: string): Promise<HTMLElement> {
  const header = await screen.findByRole('rowheader', { name: new RegExp(`^${name}\\b`) });
  const tr = header.closest('tr');
  if (!tr) throw new Error(`No row for ${name}`);
  return tr;
}

/** Opens the actions menu of `name`'s row. */
async function openActions(name: string): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('admin users page', () => {
  it('lists accounts with their status, and only the audit trail on the admin’s own row', async () => {
    stubApi(
      usersDirectoryRoutes(admin, [
        self,
        ann,
        buildAdminUser({ id: 'u3', name: 'Bo', emailVerified: false }),
        buildAdminUser({ id: 'u4', name: 'Cy', block: { reason: 'Spam', until: null } }),
        buildAdminUser({
          id: 'u5',
          name: 'Di',
          block: { reason: 'Flame war', until: '2030-05-01T10:30:00.000Z' },
        }),
      ]),
    );
    renderRoute('/admin/users');

    expect(await screen.findByRole('table', { name: 'All accounts' })).toBeTruthy();
    expect(within(await row('Ann')).getByText('Active')).toBeTruthy();
    expect(within(await row('Bo')).getByText('Unverified')).toBeTruthy();
    expect(within(await row('Cy')).getByText('Blocked')).toBeTruthy();
    expect(within(await row('Di')).getByText(/^Blocked until /)).toBeTruthy();
    expect(
      within(await openActions('Cy')).getByRole('menuitem', { name: 'Unblock Cy' }),
    ).toBeTruthy();
    await userEvent.keyboard('{Escape}');

    const own = await row('Root Admin');
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(own).getByText('Admin')).toBeTruthy();
    const ownActions = await openActions('Root Admin');
    expect(
      within(ownActions)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Audit trail']);
  });

  it('searches after typing pauses and loads the next page by cursor', async () => {
    const api = stubApi({
      ...usersDirectoryRoutes(admin, [self, ann]),
      'GET /api/users': (call) => {
        if (call.search.get('cursor') === 'c2') return json({ users: [], nextCursor: null });
        const users = call.search.get('q') === 'ann' ? [ann] : [self, ann];
        return json({ users, nextCursor: 'c2' });
      },
    });
    renderRoute('/admin/users');
    await row('Root Admin');

    await userEvent.type(screen.getByLabelText('Search users'), 'ann');

    expect(await screen.findByRole('table', { name: 'Accounts matching “ann”' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Root Admin' })).toBeNull());
    const searches = api.callsTo('GET', '/api/users').map((call) => call.search.get('q'));
    expect(searches).toEqual([null, 'ann']);

    await userEvent.click(await screen.findByRole('button', { name: 'Load more users' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/users').at(-1)?.search.toString()).toBe('q=ann&cursor=c2'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more users' })).toBeNull(),
    );
  });

  it('filters by role and status, sorts, and keeps the search with them', async () => {
    const api = stubApi(usersDirectoryRoutes(admin, [self, ann]));
    renderRoute('/admin/users');
    await row('Ann');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Moderator');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Muted');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    await userEvent.type(screen.getByLabelText('Search users'), 'an');

    await waitFor(() =>
      expect(api.callsTo('GET', '/api/users').at(-1)?.search.toString()).toBe(
        'q=an&role=moderator&status=muted&sort=name',
      ),
    );
    expect(await screen.findByRole('table', { name: 'Accounts matching “an”' })).toBeTruthy();
  });

  it('links each account to its audit trail and shows emails, counts and join dates', async () => {
    stubApi(
      usersDirectoryRoutes(admin, [
        self,
        { ...ann, postCount: 4, commentCount: 12, reportsAgainst: 3 },
        buildAdminUser({
          id: 'u5',
          name: 'Di',
          mute: { reason: 'Flame', until: '2999-01-01T00:00:00Z' },
        }),
      ]),
    );
    renderRoute('/admin/users');

    const annRow = await row('Ann');
    expect(within(annRow).getByText('u2@example.com')).toBeTruthy();
    const cells = within(annRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(expect.arrayContaining(['4', '12', '3']));
    expect(within(await row('Di')).getByText(/^Muted until /)).toBeTruthy();
    expect(
      within(await openActions('Di')).getByRole('menuitem', { name: 'Unmute Di' }),
    ).toBeTruthy();
    await userEvent.keyboard('{Escape}');

    const menu = await openActions('Ann');
    expect(
      within(menu).getByRole('menuitem', { name: 'Audit trail of Ann' }).getAttribute('href'),
    ).toBe('/admin/audit?targetType=user&targetId=u2');
  });

  it('shows a failed unblock as a red toast with the server’s message', async () => {
    stubApi({
      ...usersDirectoryRoutes(admin, [self, { ...ann, block: { reason: 'Spam', until: null } }]),
      'DELETE /api/users/u2/block': () =>
        json({ error: { code: 'permission-denied', message: 'Ann outranks you' } }, 403),
    });
    renderRoute('/admin/users');

    await userEvent.click(
      within(await openActions('Ann')).getByRole('menuitem', { name: 'Unblock Ann' }),
    );

    await waitFor(() => expect(toastTitles()).toContain('Could not unblock the account'));
    expect(toast.getToasts()[0]).toMatchObject({ description: 'Ann outranks you', color: 'red' });
  });
});
