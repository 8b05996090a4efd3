import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../shared/notifications';
import { json, sessionOf, stubApi } from '../../test/fake-api';
import { buildNotification, buildUser } from '../../test/factories';
import { renderRoute } from '../../test/render-route';

/** Socket.IO's client is outside the project: a stand-in the test plays the server through. */
const live = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    connected: true,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return socket;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
    emit() {
      return socket;
    },
    timeout() {
      return { emitWithAck: () => Promise.resolve({ ok: true }) };
    },
    connect() {},
    disconnect() {},
  };
  return {
    socket,
    /** The server sends `event` to this client. */
    serverSends: (event: string, ...args: unknown[]) => {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
    listensTo: (event: string) => (listeners.get(event)?.size ?? 0) > 0,
  };
});

vi.mock('socket.io-client', () => ({ io: () => live.socket }));

const ann = buildUser();
const reply = buildNotification(7, { url: '/privacy' });
const mention = buildNotification(8, {
  type: 'mention',
  actor: { username: 'cleo', name: 'Cleo Park', image: null },
  title: 'Silent films',
  readAt: '2025-03-01T10:00:00.000Z',
});

/** Ann is signed in with `unread` unread notifications, `items` the newest. */
function bellRoutes(items: Notification[], unread: { count: number }) {
  return {
    ...sessionOf(ann),
    'GET /api/notifications/unread-count': () => json({ unreadCount: unread.count }),
    'GET /api/notifications': () => json({ items, nextCursor: null, unreadCount: unread.count }),
  };
}

const bell = (name: string) => screen.findByRole('button', { name }, { timeout: 10_000 });

async function openBell(name: string) {
  await userEvent.click(await bell(name));
  return screen.findByRole('menu');
}

/** The live updates listen once their chunk has loaded. */
const listening = () =>
  waitFor(() => expect(live.listensTo('notification:new')).toBe(true), { timeout: 10_000 });

describe('the notification bell', () => {
  it('names the unread count, and leaves it out when nothing is unread', async () => {
    const unread = { count: 3 };
    const api = stubApi(bellRoutes([reply], unread));
    const first = renderRoute('/about');
    const button = await bell('Notifications, 3 unread');
    // The list is read when the dropdown opens, not on every page.
    expect(api.callsTo('GET', '/api/notifications')).toHaveLength(0);
    // The number is for the eye; the name already says it.
    expect(within(button).getByText('3').closest('[aria-hidden="true"]')).toBeTruthy();
    first.unmount();

    unread.count = 0;
    renderRoute('/about');
    expect(await bell('Notifications')).toBeTruthy();
  });

  it('is not there for a visitor', async () => {
    const api = stubApi();
    renderRoute('/about');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(api.callsTo('GET', '/api/notifications/unread-count')).toHaveLength(0);
  });

  it('lists the latest, marks the unread, and marks all read', async () => {
    const unread = { count: 1 };
    const api = stubApi({
      ...bellRoutes([reply, mention], unread),
      'POST /api/notifications/read-all': () => json({ unreadCount: 0 }),
    });
    renderRoute('/about');
    const menu = await openBell('Notifications, 1 unread');

    const items = await within(menu).findAllByRole('menuitem', { name: /replied|mentioned/ });
    expect(items).toEqual([
      within(menu).getByRole('menuitem', {
        name: /^Unread: Bob Stone replied in “Best westerns of the 60s”/,
      }),
      within(menu).getByRole('menuitem', { name: /^Cleo Park mentioned you in “Silent films”/ }),
    ]);
    expect(api.callsTo('GET', '/api/notifications')[0]?.search.get('unread')).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'See all' }).getAttribute('href')).toBe(
      '/notifications',
    );

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mark all read' }));

    expect(await bell('Notifications')).toBeTruthy();
    expect(api.callsTo('POST', '/api/notifications/read-all')).toHaveLength(1);
    await waitFor(() => expect(within(menu).queryByText(/^Unread:/)).toBeNull());
  });

  it('says who reviewed a film the member follows, and opens the review', async () => {
    const review = buildNotification(9, {
      type: 'film_review',
      actor: { username: 'dana', name: 'Dana Reyes', image: null },
      title: 'A slow dream',
      action: 'Stalker (1979)',
      subject: 'thread',
      url: '/forum/post/31',
    });
    stubApi(bellRoutes([review], { count: 1 }));
    renderRoute('/about');
    const menu = await openBell('Notifications, 1 unread');

    const item = await within(menu).findByRole('menuitem', {
      name: /^Unread: Dana Reyes reviewed Stalker \(1979\): “A slow dream”/,
    });
    expect(item.getAttribute('href')).toBe('/forum/post/31');
  });

  it('opens a notification where it happened and counts it read', async () => {
    const api = stubApi({
      ...bellRoutes([reply], { count: 1 }),
      'POST /api/notifications/7/read': () => json({ unreadCount: 0 }),
    });
    const app = renderRoute('/about');
    const menu = await openBell('Notifications, 1 unread');

    await userEvent.click(await within(menu).findByRole('menuitem', { name: /Bob Stone replied/ }));

    await waitFor(() => expect(app.location()).toBe('/privacy'));
    expect(await bell('Notifications')).toBeTruthy();
    expect(api.callsTo('POST', '/api/notifications/7/read')).toHaveLength(1);
  });

  it('raises the count and lists a new notification as it arrives, without reading again', async () => {
    const api = stubApi(bellRoutes([reply], { count: 1 }));
    renderRoute('/about');
    const menu = await openBell('Notifications, 1 unread');
    await within(menu).findByRole('menuitem', { name: /Bob Stone replied/ });
    await listening();

    const arrived = buildNotification(9, {
      type: 'quote',
      actor: { username: 'dan', name: 'Dan Roe', image: null },
    });
    live.serverSends('notification:new', { notification: arrived, unreadCount: 2 });

    expect(await bell('Notifications, 2 unread')).toBeTruthy();
    const items = within(menu).getAllByRole('menuitem', { name: /replied|answered/ });
    expect(items[0]).toBe(
      within(menu).getByRole('menuitem', { name: /^Unread: Dan Roe answered your reply/ }),
    );
    expect(items).toHaveLength(2);
    expect(api.callsTo('GET', '/api/notifications')).toHaveLength(1);
  });

  it('takes a count changed in another tab, and reads it again after a reconnect', async () => {
    const unread = { count: 4 };
    stubApi(bellRoutes([], unread));
    renderRoute('/about');
    await bell('Notifications, 4 unread');
    await listening();

    live.serverSends('notification:count', { unreadCount: 1 });
    expect(await bell('Notifications, 1 unread')).toBeTruthy();

    // Missed while the channel was down: the server now counts 5.
    unread.count = 5;
    live.serverSends('connect');
    expect(await bell('Notifications, 5 unread')).toBeTruthy();
  });
});
