import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/accounts';
import { json, stubApi, usersDirectoryRoutes } from '../../test/fake-api';
import { buildAdminUser, buildAuditEntry, buildAuthor, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';

function viewerWith(role: SessionUser['role']): SessionUser {
  return buildUser({ id: 'm1', name: 'Mo', username: 'mo', email: 'mo@example.com', role });
}

const future = '2999-01-01T00:00:00.000Z';
/** As a moderator gets them: no emails. */
const carl = buildAdminUser({ id: 'u3', name: 'Carl', email: '', postCount: 4, commentCount: 9 });
const muted = buildAdminUser({
  id: 'u4',
  name: 'Dee',
  email: '',
  mute: { reason: 'Spam', until: future },
});
const peer = buildAdminUser({ id: 'u5', name: 'Eve', email: '', role: 'moderator' });
const boss = buildAdminUser({ id: 'u6', name: 'Fay', email: '', role: 'admin' });

function renderPage() {
  return renderRoute('/moderator/users');
}

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

describe('moderator users page', () => {
  it('shows a moderator roles, counts and states, and offers mute only below their rank', async () => {
    stubApi(usersDirectoryRoutes(viewerWith('moderator'), [carl, muted, peer, boss]));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Moderate users' })).toBeTruthy();
    expect(screen.getByText('By name or username.')).toBeTruthy();

    const carlRow = await row('Carl');
    expect(within(carlRow).getByText('User')).toBeTruthy();
    expect(within(carlRow).getByText('Active')).toBeTruthy();
    const carlActions = await openActions('Carl');
    expect(within(carlActions).getByRole('menuitem', { name: 'Mute Carl' })).toBeTruthy();
    expect(within(carlActions).queryByRole('menuitem', { name: 'Block Carl' })).toBeNull();
    expect(within(carlActions).queryByRole('menuitem', { name: /Audit trail/ })).toBeNull();
    await userEvent.keyboard('{Escape}');

    expect(
      within(await openActions('Dee')).getByRole('menuitem', { name: 'Unmute Dee' }),
    ).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    for (const name of ['Eve', 'Fay']) {
      const menu = await openActions(name);
      expect(within(menu).queryByRole('menuitem', { name: `Mute ${name}` })).toBeNull();
      expect(within(menu).getByRole('menuitem', { name: `History of ${name}` })).toBeTruthy();
      await userEvent.keyboard('{Escape}');
    }
    expect(within(await row('Eve')).getByText('Moderator')).toBeTruthy();
  });

  it('shows an experienced moderator emails and offers block and unblock', async () => {
    stubApi(
      usersDirectoryRoutes(viewerWith('experienced_moderator'), [
        { ...carl, email: 'carl@example.com' },
        { ...peer, email: 'eve@example.com', block: { reason: 'x', until: null } },
      ]),
    );
    renderPage();

    const carlRow = await row('Carl');
    expect(screen.getByText('By name, username or email.')).toBeTruthy();
    expect(within(carlRow).getByText('carl@example.com')).toBeTruthy();
    expect(
      within(await openActions('Carl')).getByRole('menuitem', { name: 'Block Carl' }),
    ).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(
      within(await openActions('Eve')).getByRole('menuitem', { name: 'Unblock Eve' }),
    ).toBeTruthy();
  });

  it('mutes for the chosen time with a reason, refusing a short one', async () => {
    const api = stubApi({
      ...usersDirectoryRoutes(viewerWith('moderator'), [carl]),
      'POST /api/users/u3/mute': () =>
        json({ user: { ...carl, mute: { reason: 'Insults', until: future } } }),
    });
    renderPage();

    await userEvent.click(
      within(await openActions('Carl')).getByRole('menuitem', { name: 'Mute Carl' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mute Carl' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '1 day' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters')).toBeTruthy();
    expect(api.callsTo('POST', '/api/users/u3/mute')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Insults');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));

    await waitFor(() => expect(toastTitles()).toContain('User muted'));
    expect(api.callsTo('POST', '/api/users/u3/mute')[0]?.body).toEqual({
      duration: '1d',
      reason: 'Insults',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/users')).toHaveLength(2));
  });

  it('unmutes at once', async () => {
    const api = stubApi({
      ...usersDirectoryRoutes(viewerWith('moderator'), [muted]),
      'DELETE /api/users/u4/mute': () => json({ user: { ...muted, mute: null } }),
    });
    renderPage();

    await userEvent.click(
      within(await openActions('Dee')).getByRole('menuitem', { name: 'Unmute Dee' }),
    );

    await waitFor(() => expect(toastTitles()).toContain('User unmuted'));
    expect(api.callsTo('DELETE', '/api/users/u4/mute')).toHaveLength(1);
  });

  it('opens a member’s history: counts and past actions', async () => {
    const action = buildAuditEntry({
      actor: buildAuthor({ id: 'm9', username: 'nina', name: 'Nina', role: 'moderator' }),
      action: 'user.mute',
      target: { type: 'user', id: 'u3', label: 'Carl' },
      reason: 'Heated thread',
      before: null,
      after: null,
      createdAt: '2024-04-01T10:00:00.000Z',
    });
    const api = stubApi({
      ...usersDirectoryRoutes(viewerWith('moderator'), [carl]),
      'GET /api/users/u3/history': () =>
        json({
          user: carl,
          history: {
            joinedAt: carl.createdAt,
            postCount: 4,
            commentCount: 9,
            reportsAgainst: 2,
            sanctions: 1,
          },
          actions: [action],
        }),
    });
    renderPage();

    await userEvent.click(
      within(await openActions('Carl')).getByRole('menuitem', { name: 'History of Carl' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'History of Carl' });

    expect(await within(dialog).findByText('Muted')).toBeTruthy();
    expect(within(dialog).getByText('“Heated thread”')).toBeTruthy();
    expect(within(dialog).getByText(/by Nina/)).toBeTruthy();
    expect(within(dialog).getByText('Reports against').previousSibling?.textContent).toBe('2');
    expect(within(dialog).getByText('Sanctions').previousSibling?.textContent).toBe('1');
    expect(api.callsTo('GET', '/api/users/u3/history')).toHaveLength(1);
  });
});
