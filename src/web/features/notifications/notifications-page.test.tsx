import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/notifications';
import { json, sessionOf, stubApi, type ApiCall } from '../../test/fake-api';
import { buildNotification, buildUser } from '../../test/factories';
import { renderRoute, toastTitles } from '../../test/render-route';
import { acceptConfirm } from '../../shell/confirm-store';

const ann = buildUser();
const reply = buildNotification(7);
const like = buildNotification(8, {
  type: 'reaction',
  actor: { username: 'cleo', name: 'Cleo Park', image: null },
  othersCount: 2,
  excerpt: null,
  readAt: '2025-03-01T10:00:00.000Z',
});

/** The server's list of Ann's notifications, which the test's writes change. */
function notificationsServer(initial: Notification[]) {
  const server = { items: initial };
  const unreadCount = () => server.items.filter((item) => item.readAt === null).length;
  const routes = {
    ...sessionOf(ann),
    'GET /api/notifications/unread-count': () => json({ unreadCount: unreadCount() }),
    'GET /api/notifications': (call: ApiCall) => {
      const unreadOnly = call.search.get('unread') === 'true';
      const items = server.items.filter((item) => !unreadOnly || item.readAt === null);
      return json({ items, nextCursor: null, unreadCount: unreadCount() });
    },
  };
  return { server, routes, unreadCount };
}

const notificationList = () =>
  screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 });

describe('the notifications page', () => {
  it('lists every notification, says which are unread, and filters to the unread', async () => {
    const { routes } = notificationsServer([reply, like]);
    const api = stubApi(routes);
    const app = renderRoute('/notifications');

    const list = await notificationList();
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link').textContent).toContain(
      'Bob Stone replied in “Best westerns of the 60s”',
    );
    expect(within(rows[0]!).getByText('Once Upon a Time in the West, surely.')).toBeTruthy();
    expect(within(rows[0]!).getByText('Unread:')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link').textContent).toContain(
      'Cleo Park and 2 others liked your post',
    );
    expect(within(rows[1]!).queryByText('Unread:')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Unread' }));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(app.location()).toBe('/notifications?show=unread');
    expect(api.callsTo('GET', '/api/notifications').at(-1)?.search.get('unread')).toBe('true');
  });

  it('marks one read and removes another, the bell following', async () => {
    const second = buildNotification(9, { title: 'Silent films' });
    const { server, routes, unreadCount } = notificationsServer([reply, second]);
    const api = stubApi({
      ...routes,
      'POST /api/notifications/7/read': () => {
        server.items = server.items.map((item) =>
          item.id === 7 ? { ...item, readAt: new Date().toISOString() } : item,
        );
        return json({ unreadCount: unreadCount() });
      },
      'DELETE /api/notifications/9': () => {
        server.items = server.items.filter((item) => item.id !== 9);
        return json({ unreadCount: unreadCount() });
      },
    });
    renderRoute('/notifications');
    const list = await notificationList();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    const [first, other] = within(list).getAllByRole('listitem');

    await userEvent.click(within(first!).getByRole('button', { name: /^Mark read/ }));
    await waitFor(() => expect(within(first!).queryByText('Unread:')).toBeNull());
    expect(within(first!).queryByRole('button', { name: /^Mark read/ })).toBeNull();

    await userEvent.click(within(other!).getByRole('button', { name: /^Remove/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByRole('link', { name: /Silent films/ })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/notifications/9')).toHaveLength(1);
  });

  it('clears them all, after the member confirms', async () => {
    const { server, routes } = notificationsServer([reply, like]);
    const api = stubApi({
      ...routes,
      'DELETE /api/notifications': () => {
        server.items = [];
        return json({ unreadCount: 0 });
      },
    });
    renderRoute('/notifications');
    await notificationList();

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all notifications' });
    expect(within(dialog).getByRole('button', { name: 'Clear all' }).dataset.type).toBe('danger');
    expect(api.callsTo('DELETE', '/api/notifications')).toHaveLength(0);
    await acceptConfirm();

    expect(await screen.findByText(/^No notifications yet/)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/notifications')).toHaveLength(1);
    expect(toastTitles()).toContain('Notifications cleared');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('loads older notifications on demand', async () => {
    const older = buildNotification(3, { title: 'Noir week' });
    const api = stubApi({
      ...sessionOf(ann),
      'GET /api/notifications': (call) =>
        call.search.get('cursor') === 'page-2'
          ? json({ items: [older], nextCursor: null, unreadCount: 2 })
          : json({ items: [reply], nextCursor: 'page-2', unreadCount: 2 }),
    });
    renderRoute('/notifications');
    const list = await notificationList();

    await userEvent.click(screen.getByRole('button', { name: 'Load more notifications' }));

    expect(await within(list).findByRole('link', { name: /replied in “Noir week”/ })).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more notifications' })).toBeNull();
    expect(api.callsTo('GET', '/api/notifications').at(-1)?.search.get('cursor')).toBe('page-2');
  });
});
