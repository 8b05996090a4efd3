import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../../shared/chat';
import { answerLater, apiError, json, sessionOf, stubApi } from '../../test/fake-api';
import { buildAuthor, buildUser, buildChatMessage } from '../../test/factories';
import { renderRoute, findLinkedRow } from '../../test/render-route';
import { pendingMessages } from './pending-messages';

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
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
    emitted: [] as unknown[][],
    emit(...args: unknown[]) {
      socket.emitted.push(args);
      return socket;
    },
    timeout() {
      return {
        emitWithAck: (event: string) =>
          Promise.resolve(event === 'chat:who' ? { ok: true, members: [] } : { ok: true }),
      };
    },
    connect() {},
    disconnect() {},
  };
  /** The server sends `event` to this client. */
  const serverSends = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  return { socket, serverSends };
});

vi.mock('socket.io-client', () => ({ io: () => live.socket }));

afterEach(() => pendingMessages.clear());

const viewer = buildUser();
const bob = buildAuthor({ id: 'u2', username: 'bob', name: 'Bob Stone' });

function room(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 1,
    name: 'General',
    topic: 'Talk films with everyone',
    posting: 'everyone',
    slowModeSeconds: 0,
    isGeneral: true,
    archived: false,
    canPost: true,
    unreadCount: 0,
    lastReadMessageId: 2,
    lastMessage: null,
    ...overrides,
  };
}

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return buildChatMessage(id, { author: bob, ...overrides });
}

function chatRoutes(rooms: ChatRoom[], history: ChatMessage[]) {
  return {
    ...sessionOf(viewer),
    'GET /api/chat/rooms': () => json({ items: rooms }),
    'GET /api/chat/unread': () => json({ total: 0 }),
    'GET /api/chat/rooms/1/messages': () =>
      json({ items: [...history].reverse(), nextCursor: null, hasMore: false }),
    'PUT /api/chat/rooms/1/read': () => json({ unreadCount: 0 }),
  };
}

const historyList = () => screen.findByRole('list', { name: 'Messages in General' });
const texts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p:not(.mantine-Text-root)')?.textContent);

describe('the chat page', () => {
  it('asks a visitor to sign in, and loads no room', async () => {
    const api = stubApi();
    renderRoute('/chat');
    expect(await screen.findByRole('link', { name: 'Sign in to chat' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/chat/rooms')).toHaveLength(0);
  });

  it('names the Chat link with its unread count as one phrase', async () => {
    stubApi({
      ...chatRoutes([room()], [message(1)]),
      'GET /api/chat/unread': () => json({ total: 14 }),
    });
    renderRoute('/chat');
    expect(await screen.findByRole('link', { name: 'Chat (14 unread)' })).toBeTruthy();
  });

  it('shows a sent message once: pending, then the server’s copy, whatever the live channel repeats', async () => {
    const sent = answerLater();
    const api = stubApi({
      ...chatRoutes([room()], [message(1), message(2)]),
      'POST /api/chat/rooms/1/messages': sent.handler,
    });
    renderRoute('/chat');
    const list = await historyList();
    await within(list).findByText('Message 2');

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Message General' }),
      'Hello all{Enter}',
    );
    expect(await within(list).findByText('Sending…')).toBeTruthy();
    const [call] = api.callsTo('POST', '/api/chat/rooms/1/messages');
    const { nonce } = call!.body as { nonce: string };
    const stored = message(3, {
      author: buildAuthor(),
      body: 'Hello all',
      html: '<p>Hello all</p>',
      nonce,
    });

    // The live channel brings it before the answer does; then the answer; then it again.
    live.serverSends('chat:message', stored);
    sent.give(json({ message: stored }, 201));
    live.serverSends('chat:message', stored);
    await waitFor(() => expect(within(list).queryByText('Sending…')).toBeNull());
    expect(texts(list)).toEqual(['Message 1', 'Message 2', 'Hello all']);
  });

  it('fetches what was missed after a reconnect, to the end, without doubles', async () => {
    let part = 0;
    const routes = chatRoutes([room()], [message(1), message(2)]);
    stubApi({
      ...routes,
      'GET /api/chat/rooms/1/messages': (call) => {
        const after = call.search.get('after');
        if (after === null) return routes['GET /api/chat/rooms/1/messages']();
        part += 1;
        return after === '2'
          ? json({ items: [message(3), message(4)], nextCursor: null, hasMore: true })
          : json({ items: [message(5)], nextCursor: null, hasMore: false });
      },
    });
    renderRoute('/chat');
    const list = await historyList();
    await within(list).findByText('Message 2');
    // The connection drops; a message newer than the gap shows before the catch-up runs.
    live.serverSends('disconnect', 'transport close');
    live.serverSends('chat:message', message(4));
    live.serverSends('connect');
    await within(list).findByText('Message 5');
    expect(texts(list)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    expect(part).toBeGreaterThanOrEqual(2);
  });

  it('highlights a message that mentions the reader and takes away one a moderator hid', async () => {
    stubApi(
      chatRoutes(
        [room()],
        [
          message(1, { mentions: ['ann'], html: '<p>Hi <span class="mention">@ann</span></p>' }),
          message(2),
        ],
      ),
    );
    renderRoute('/chat');
    const list = await historyList();
    expect(await within(list).findByText('Mentions you')).toBeTruthy();
    // A member is not told why: the reason goes to moderators and the author only.
    live.serverSends('chat:message-removed', {
      roomId: 1,
      id: 2,
      reason: 'hidden',
      hiddenReason: null,
    });
    await waitFor(() => expect(within(list).queryByText('Message 2')).toBeNull());
  });

  it('shows the author their message a moderator hid, with the reason, in the room and the room list', async () => {
    const own = message(2, {
      author: buildAuthor(),
      body: 'Buy my course',
      html: '<p>Buy my course</p>',
    });
    const last = {
      id: 2,
      authorName: viewer.name,
      excerpt: 'Buy my course',
      createdAt: own.createdAt,
      hidden: null,
    };
    stubApi(chatRoutes([room({ lastMessage: last })], [message(1), own]));
    renderRoute('/chat');
    const list = await historyList();
    const rooms = screen.getByRole('navigation', { name: 'Rooms' });
    expect(within(rooms).getByText(`${viewer.name}: Buy my course`)).toBeTruthy();

    live.serverSends('chat:message-removed', {
      roomId: 1,
      id: 2,
      reason: 'hidden',
      hiddenReason: 'Advertising',
    });
    expect(
      await within(rooms).findByText(`${viewer.name} · Hidden from members: Advertising`),
    ).toBeTruthy();
    expect(within(list).getByText('Buy my course')).toBeTruthy();
    expect(within(list).getByText('Hidden from members: Advertising')).toBeTruthy();
    expect(within(rooms).queryByText(/Buy my course/)).toBeNull();
  });

  it('takes a message hidden from a member out of the room list at once, showing the one before', async () => {
    const last = {
      id: 2,
      authorName: bob.name,
      excerpt: 'Message 2',
      createdAt: message(2).createdAt,
      hidden: null,
    };
    stubApi(chatRoutes([room({ lastMessage: last })], [message(1), message(2)]));
    renderRoute('/chat');
    const list = await historyList();
    const rooms = screen.getByRole('navigation', { name: 'Rooms' });
    expect(within(rooms).getByText(`${bob.name}: Message 2`)).toBeTruthy();

    live.serverSends('chat:message-removed', {
      roomId: 1,
      id: 2,
      reason: 'hidden',
      hiddenReason: null,
    });
    expect(await within(rooms).findByText(`${bob.name}: Message 1`)).toBeTruthy();
    expect(within(rooms).queryByText(/Message 2|Hidden/)).toBeNull();
    expect(within(list).queryByText('Message 2')).toBeNull();
  });

  it('suggests members after an @: Enter or Tab picks one, Escape closes, then Enter sends', async () => {
    const members = [
      { username: 'bob', name: 'Bob Stone', image: null },
      { username: 'bobbie', name: 'Bobbie Ray', image: null },
    ];
    const api = stubApi({
      ...chatRoutes([room()], []),
      'GET /api/users/suggest': (call) => {
        const prefix = call.search.get('q') ?? '';
        return json({ members: members.filter((m) => m.username.startsWith(prefix)) });
      },
      'POST /api/chat/rooms/1/messages': () => json({ message: message(3) }, 201),
    });
    renderRoute('/chat');
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', {
      name: 'Message General',
    });
    const sent = () => api.callsTo('POST', '/api/chat/rooms/1/messages');

    await userEvent.type(box, 'Ask @bo');
    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    expect(
      within(list).getByRole('option', { name: 'Bob Stone @bob', selected: true }),
    ).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box.value).toBe('Ask @bobbie ');
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.type(box, 'and @b');
    await screen.findByRole('listbox', { name: 'Members to mention' });
    await userEvent.keyboard('{Tab}');
    expect(box.value).toBe('Ask @bobbie and @bob ');
    expect(document.activeElement).toBe(box);

    await userEvent.type(box, 'or @bo');
    await screen.findByRole('listbox', { name: 'Members to mention' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(sent()).toHaveLength(0);

    // With the list closed, Enter sends the message as typed.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toMatchObject({ body: 'Ask @bobbie and @bob or @bo' });
    expect(box.value).toBe('');
  });

  it('says why the reader cannot write: moderators-only room, mute', async () => {
    stubApi(chatRoutes([room({ posting: 'moderators', canPost: false })], []));
    renderRoute('/chat');
    expect(await screen.findByText('Only moderators post in this room.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message General' })).toBeNull();
  });

  it('tells a muted member until when when the server refuses the message', async () => {
    stubApi({
      ...chatRoutes([room()], []),
      'POST /api/chat/rooms/1/messages': () =>
        apiError(403, 'permission-denied', 'You are muted', {
          muted: { reason: 'Spoilers', until: '2099-01-01T10:00:00.000Z' },
        }),
    });
    renderRoute('/chat');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Message General' }),
      'Hi{Enter}',
    );
    expect(await screen.findByText('You cannot post for now')).toBeTruthy();
    expect(screen.getByText(/You are muted until .*: Spoilers/)).toBeTruthy();
  });

  it('opens a room at a linked message: loads older pages to it, then highlights and focuses it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    // 150 messages, served newest first 50 at a time, as the server pages the history.
    const history = Array.from({ length: 150 }, (_, index) => message(index + 1));
    const api = stubApi({
      ...chatRoutes([room(), room({ id: 2, name: 'Reviews', isGeneral: false })], []),
      'GET /api/chat/rooms/1/messages': (call) => {
        const before = Number(call.search.get('before') ?? '151');
        const items = history
          .filter((item) => item.id < before)
          .reverse()
          .slice(0, 50);
        const oldest = items.at(-1)?.id ?? 0;
        return json({
          items,
          nextCursor: oldest > 1 ? String(oldest) : null,
          hasMore: false,
        });
      },
      'GET /api/chat/rooms/2/messages': () => json({ items: [], nextCursor: null, hasMore: false }),
    });
    const app = renderRoute('/chat?room=1&message=20', { strict: true });

    const list = await historyList();
    const row = await findLinkedRow(list);
    expect(row.id).toBe('chat-message-20');
    expect(within(row).getByText('Linked message')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(scrolled.mock.contexts).toContain(row);
    expect(within(list).getByText('Message 1')).toBeTruthy();
    expect(within(list).getByText('Message 150')).toBeTruthy();
    const befores = api
      .callsTo('GET', '/api/chat/rooms/1/messages')
      .map((call) => call.search.get('before'));
    expect(befores).toEqual([null, '101', '51']);
    scrolled.mockRestore();

    // Another room is another history: the link's message stays behind.
    await userEvent.click(screen.getByRole('link', { name: /Reviews/ }));
    await waitFor(() => expect(app.location()).toBe('/chat?room=2'));
  });

  it('ignores a linked message when the room it names is not the one shown', async () => {
    const api = stubApi(chatRoutes([room()], [message(1), message(2)]));
    renderRoute('/chat?room=9&message=1');
    const list = await historyList();
    await within(list).findByText('Message 2');
    expect(within(list).queryByRole('listitem', { current: true })).toBeNull();
    expect(api.callsTo('GET', '/api/chat/rooms/1/messages')).toHaveLength(1);
  });
});
