import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  chatLimits,
  liveEvents,
  type ChatMessage,
  type ChatRoom,
  type LiveAck,
  type MessageRemovedEvent,
  type PresenceMember,
} from '../../../shared/chat.js';
import { sessions } from '../../schema.js';
import {
  createAgent,
  linkToken,
  signIn,
  testOrigin,
  testPassword,
  type Agent,
} from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/factories.js';

let t: TestApp;
let url: string;
let moderator: Person;
let general: ChatRoom;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  moderator = await person(t, 'moderator');
  const rooms = await moderator.agent.inject({ url: '/api/chat/rooms' });
  general = (rooms.json().items as ChatRoom[]).find((room) => room.isGeneral) as ChatRoom;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const cookieOf = (agent: Agent) =>
  [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** A socket as the web app opens it: the session cookie, from the site's own origin. */
function open(headers: Record<string, string>): Socket {
  const socket = connect(url, {
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

async function connected(agent: Agent): Promise<Socket> {
  const socket = open({ origin: testOrigin, cookie: cookieOf(agent) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

function refusal(headers: Record<string, string>): Promise<Error & { data?: { code: string } }> {
  const socket = open(headers);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', resolve);
  });
}

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}

/** The removal of message `id` as `socket` hears it. */
function removalOf(socket: Socket, id: number): Promise<MessageRemovedEvent> {
  return new Promise((resolve) => {
    const listener = (event: MessageRemovedEvent) => {
      if (event.id !== id) return;
      socket.off(liveEvents.messageRemoved, listener);
      resolve(event);
    };
    socket.on(liveEvents.messageRemoved, listener);
  });
}

/** An event's answer; the wait is generous because a loaded CI machine runs many suites at once. */
function ask<T extends object>(
  socket: Socket,
  event: string,
  payload: unknown,
): Promise<LiveAck<T>> {
  return socket.timeout(10_000).emitWithAck(event, payload) as Promise<LiveAck<T>>;
}

const send = (agent: Agent, body: string) =>
  agent.inject({
    method: 'POST',
    url: `/api/chat/rooms/${general.id}/messages`,
    remoteAddress: `10.50.0.${Math.floor(Math.random() * 250)}`,
    payload: { body, nonce: randomUUID() },
  });

describe('the live channel’s handshake', () => {
  it('refuses a socket with no session, a foreign origin or an unverified account', async () => {
    const member = await person(t);
    expect((await refusal({ origin: testOrigin })).data?.code).toBe('unauthenticated');
    expect(
      (await refusal({ origin: testOrigin, cookie: 'better-auth.session_token=forged.value' })).data
        ?.code,
    ).toBe('unauthenticated');
    // A foreign origin is refused before the session is even read.
    const foreign = await refusal({
      origin: 'https://evil.example',
      cookie: cookieOf(member.agent),
    });
    expect(foreign.message).toMatch(/websocket error|forbidden|xhr poll error/i);
    const unverified = await person(t, 'user', { emailVerified: false });
    expect(
      (await refusal({ origin: testOrigin, cookie: cookieOf(unverified.agent) })).data?.code,
    ).toBe('permission-denied');
  });
});

describe('the live channel under bad input', () => {
  it('refuses a socket whose session has expired', async () => {
    const member = await person(t);
    await t.platforms.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, member.user.id));
    expect((await refusal({ origin: testOrigin, cookie: cookieOf(member.agent) })).data?.code).toBe(
      'unauthenticated',
    );
  });

  it('answers 1,000 messages in a second from one member with clear refusals, broadcasts only what was stored, and stays up', async () => {
    const [flooder, listener] = await Promise.all([person(t), person(t)]);
    const socket = await connected(listener.agent);
    const received: ChatMessage[] = [];
    socket.on(liveEvents.message, (message: ChatMessage) => {
      if (message.author.id === flooder.user.id) received.push(message);
    });
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => send(flooder.agent, `flood ${i}`)),
    );
    // Five per flood window: one window on a quiet machine; a loaded one may take longer than
    // a window to answer them all, and each window it spans lets five more through.
    const windows = Math.floor((Date.now() - started) / (chatLimits.floodSeconds * 1_000)) + 1;
    const stored = answers.filter((answer) => answer.statusCode === 201);
    expect(stored.length).toBeGreaterThanOrEqual(chatLimits.floodMessages);
    expect(stored.length).toBeLessThanOrEqual(chatLimits.floodMessages * windows);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(1_000 - stored.length);
    expect(refused[0]?.json()).toMatchObject({ error: { code: 'resource-exhausted' } });
    // The server still answers, and the room heard exactly the stored messages.
    expect((await listener.agent.inject({ url: '/api/chat/unread' })).statusCode).toBe(200);
    await expect.poll(() => received.length).toBe(stored.length);
    expect(received.map((message) => message.id).sort()).toEqual(
      stored.map((answer) => answer.json<{ message: ChatMessage }>().message.id).sort(),
    );
  });
});

describe('chat over the live channel', () => {
  it('delivers a message, its edit and its removal to the room at once', async () => {
    const [ana, ben] = await Promise.all([person(t), person(t)]);
    const listener = await connected(ben.agent);
    const arriving = next<ChatMessage>(listener, liveEvents.message);
    const res = await send(ana.agent, 'Hello, live');
    expect(res.statusCode).toBe(201);
    const message = await arriving;
    expect(message).toMatchObject({
      id: res.json().message.id,
      body: 'Hello, live',
      reacted: false,
    });

    const edited = next<ChatMessage>(listener, liveEvents.messageUpdated);
    await ana.agent.inject({
      method: 'PATCH',
      url: `/api/chat/messages/${message.id}`,
      payload: { body: 'Hello, edited' },
    });
    expect((await edited).body).toBe('Hello, edited');

    const removed = next<{ id: number; reason: string }>(listener, liveEvents.messageRemoved);
    await ana.agent.inject({ method: 'DELETE', url: `/api/chat/messages/${message.id}` });
    expect(await removed).toEqual({
      roomId: general.id,
      id: message.id,
      reason: 'deleted',
      hiddenReason: null,
    });
  });

  it('tells only moderators and the author why a message was hidden; a member hears it go', async () => {
    const [author, member] = await Promise.all([person(t), person(t)]);
    const [authorSocket, memberSocket, moderatorSocket] = await Promise.all([
      connected(author.agent),
      connected(member.agent),
      connected(moderator.agent),
    ]);
    const res = await send(author.agent, 'Cheap tickets in my profile');
    const id = res.json<{ message: ChatMessage }>().message.id;
    const heard = [authorSocket, memberSocket, moderatorSocket].map((socket) =>
      removalOf(socket, id),
    );
    const hidden = await moderator.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${id}/moderation`,
      payload: { action: 'hide', reason: 'Advertising' },
    });
    expect(hidden.statusCode).toBe(200);
    const told = { roomId: general.id, id, reason: 'hidden' };
    expect(await Promise.all(heard)).toEqual([
      { ...told, hiddenReason: 'Advertising' },
      { ...told, hiddenReason: null },
      { ...told, hiddenReason: 'Advertising' },
    ]);
  });

  it('stops telling a demoted moderator why messages are hidden, on the socket already open', async () => {
    const [admin, demoted, author] = await Promise.all([
      person(t, 'admin'),
      person(t, 'moderator'),
      person(t),
    ]);
    const socket = await connected(demoted.agent);
    const changed = next(socket, liveEvents.accountChanged);
    const role = await admin.agent.inject({
      method: 'PUT',
      url: `/api/users/${demoted.user.id}/role`,
      payload: { role: 'user' },
    });
    expect(role.statusCode).toBe(200);
    await changed;
    const res = await send(author.agent, 'More cheap tickets');
    const id = res.json<{ message: ChatMessage }>().message.id;
    const heard = removalOf(socket, id);
    await moderator.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${id}/moderation`,
      payload: { action: 'hide', reason: 'Advertising' },
    });
    expect((await heard).hiddenReason).toBeNull();
  });

  it('shows who is present, who types, and forgets them when they leave', async () => {
    const [ana, ben] = await Promise.all([person(t), person(t)]);
    const a = await connected(ana.agent);
    const b = await connected(ben.agent);
    expect(await ask(a, liveEvents.enter, general.id)).toEqual({ ok: true });
    const told = next<{ roomId: number }>(a, liveEvents.presence);
    await ask(b, liveEvents.enter, general.id);
    expect(await told).toEqual({ roomId: general.id });
    const who = await ask<{ members: PresenceMember[] }>(a, liveEvents.who, general.id);
    expect(who.ok && who.members.map((m) => m.id).sort()).toEqual(
      [ana.user.id, ben.user.id].sort(),
    );
    expect(who.ok && who.members.every((m) => !m.idle)).toBe(true);

    const typing = next<{ roomId: number; user: { id: string } }>(a, liveEvents.typing);
    await ask(b, liveEvents.typing, general.id);
    expect(await typing).toMatchObject({ roomId: general.id, user: { id: ben.user.id } });

    const left = next(a, liveEvents.presence);
    b.disconnect();
    await left;
    const after = await ask<{ members: PresenceMember[] }>(a, liveEvents.who, general.id);
    expect(after.ok && after.members.map((m) => m.id)).toEqual([ana.user.id]);
  });

  it('refuses typing from whoever may not send into the room: a member in a moderators-only room, a muted member', async () => {
    const [admin, member, muted, reader, chatty] = await Promise.all([
      person(t, 'admin'),
      person(t),
      person(t),
      person(t),
      person(t),
    ]);
    const created = await admin.agent.inject({
      method: 'POST',
      url: '/api/chat/rooms',
      payload: { name: 'Staff notices', posting: 'moderators' },
    });
    const notices = created.json<{ room: ChatRoom }>().room;
    await moderator.agent.inject({
      method: 'POST',
      url: `/api/users/${muted.user.id}/mute`,
      payload: { duration: '1h', reason: 'Cool down' },
    });
    const [memberSocket, mutedSocket, moderatorSocket, readerSocket, chattySocket] =
      await Promise.all([
        connected(member.agent),
        connected(muted.agent),
        connected(moderator.agent),
        connected(reader.agent),
        connected(chatty.agent),
      ]);
    for (const [socket, roomId] of [
      [memberSocket, notices.id],
      [mutedSocket, general.id],
      [moderatorSocket, notices.id],
      [readerSocket, notices.id],
      [readerSocket, general.id],
      [chattySocket, general.id],
    ] as const) {
      expect(await ask(socket, liveEvents.enter, roomId)).toEqual({ ok: true });
    }
    const typing = (socket: Socket) =>
      next<{ roomId: number; user: { id: string } }>(socket, liveEvents.typing);

    // Whoever types first is heard first: a refused typing would arrive before the allowed one.
    let heard = typing(readerSocket);
    expect(await ask(memberSocket, liveEvents.typing, notices.id)).toEqual({
      ok: false,
      error: { code: 'permission-denied', message: 'Only moderators post in this room' },
    });
    expect(await ask(moderatorSocket, liveEvents.typing, notices.id)).toEqual({ ok: true });
    expect(await heard).toEqual({
      roomId: notices.id,
      user: expect.objectContaining({ id: moderator.user.id }) as unknown,
    });

    heard = typing(readerSocket);
    expect(await ask(mutedSocket, liveEvents.typing, general.id)).toMatchObject({
      ok: false,
      error: { code: 'permission-denied', message: expect.stringContaining('muted') as unknown },
    });
    // Asked again within the second, the answer is the same refusal.
    expect((await ask(mutedSocket, liveEvents.typing, general.id)).ok).toBe(false);
    expect(await ask(chattySocket, liveEvents.typing, general.id)).toEqual({ ok: true });
    expect((await heard).user.id).toBe(chatty.user.id);
  });

  it('hears an event the client sends the moment it connects, and joins its rooms first', async () => {
    const [ana, ben] = await Promise.all([person(t), person(t)]);
    // The room list is slow to read (a busy database): the socket connects after it all the same.
    let locked!: () => void;
    const lock = new Promise<void>((resolve) => (locked = resolve));
    const busy = t.platforms.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table chat_rooms in access exclusive mode`);
      locked();
      await tx.execute(sql`select pg_sleep(0.3)`);
    });
    await lock;
    // The client holds what it emits before the connection and sends it right after.
    const socket = open({ origin: testOrigin, cookie: cookieOf(ana.agent) });
    const arriving = next<ChatMessage>(socket, liveEvents.message);
    expect(await ask(socket, liveEvents.enter, general.id)).toEqual({ ok: true });
    await busy;
    const res = await send(ben.agent, 'Right after connecting');
    expect((await arriving).id).toBe(res.json().message.id);
  });

  it('ends only the socket whose connection handler fails, and stays up', async () => {
    const ana = await person(t);
    let failing = true;
    t.app.live.onConnection(() => {
      if (failing) throw new Error('a feature’s mistake');
    });
    try {
      const socket = open({ origin: testOrigin, cookie: cookieOf(ana.agent) });
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect(await gone).toBe('io server disconnect');
      failing = false;
      const again = await connected(ana.agent);
      expect(await ask(again, liveEvents.enter, general.id)).toEqual({ ok: true });
    } finally {
      failing = false;
    }
  });

  it('answers bad events with a clear error and stays up', async () => {
    const ana = await person(t);
    const socket = await connected(ana.agent);
    for (const bad of ['abc', -1, 1.5, 99_999_999_999, null]) {
      expect((await ask(socket, liveEvents.enter, bad)).ok).toBe(false);
    }
    const missing = await ask(socket, liveEvents.enter, 987_654);
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await ask(socket, liveEvents.enter, general.id)).toEqual({ ok: true });
  });

  it('disconnects a blocked member’s sockets at once and lets none back in', async () => {
    const [member, experienced] = await Promise.all([
      person(t),
      person(t, 'experienced_moderator'),
    ]);
    const socket = await connected(member.agent);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const blocked = await experienced.agent.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/block`,
      payload: { reason: 'Spamming the chat' },
    });
    expect(blocked.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await refusal({ origin: testOrigin, cookie: cookieOf(member.agent) })).data?.code).toBe(
      'permission-denied',
    );
  });

  /** Whether a socket is still open: the server still answers it after the ends before. */
  async function stillOpen(socket: Socket): Promise<boolean> {
    if (!socket.connected) return false;
    return (await ask(socket, liveEvents.enter, general.id)).ok;
  }

  const ended = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once('disconnect', resolve));

  /** One member signed in twice: two tabs of the first browser, one tab of the second. */
  async function twoBrowsers() {
    const member = await person(t);
    const laptop = member.agent;
    const phone = await signIn(t.app, member.user);
    const [tab, otherTab, phoneTab] = await Promise.all([
      connected(laptop),
      connected(laptop),
      connected(phone),
    ]);
    return { member, laptop, phone, tab, otherTab, phoneTab };
  }

  it('ends every socket of a session that signs out, and only that session’s', async () => {
    const { laptop, tab, otherTab, phoneTab } = await twoBrowsers();
    const tabs = [ended(tab), ended(otherTab)];
    const out = await laptop.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(out.statusCode).toBe(204);
    expect(await Promise.all(tabs)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await stillOpen(phoneTab)).toBe(true);
  });

  it('ends the sockets of a session signed out from the account page', async () => {
    const { laptop, tab, otherTab, phoneTab } = await twoBrowsers();
    const listed = await laptop.inject({ url: '/api/account/sessions' });
    const phoneSession = listed
      .json<{ sessions: { id: string; current: boolean }[] }>()
      .sessions.find((session) => !session.current);
    const phoneEnded = ended(phoneTab);
    const out = await laptop.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneSession?.id ?? 'none'}`,
    });
    expect(out.statusCode).toBe(204);
    expect(await phoneEnded).toBe('io server disconnect');
    expect([await stillOpen(tab), await stillOpen(otherTab)]).toEqual([true, true]);
  });

  it('ends the other sessions’ sockets when the password changes, keeping this page’s', async () => {
    const { laptop, tab, otherTab, phoneTab } = await twoBrowsers();
    const phoneEnded = ended(phoneTab);
    const changed = await laptop.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: testPassword, newPassword: 'harbour-lantern-62-quince' },
    });
    expect(changed.statusCode).toBe(204);
    expect(await phoneEnded).toBe('io server disconnect');
    expect([await stillOpen(tab), await stillOpen(otherTab)]).toEqual([true, true]);
    // They go on as sockets of the laptop's new session: signing it out ends them.
    const tabs = [ended(tab), ended(otherTab)];
    expect((await laptop.inject({ method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(
      204,
    );
    expect(await Promise.all(tabs)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('ends every socket of an account whose password is reset by e-mail', async () => {
    const { member, tab, otherTab, phoneTab } = await twoBrowsers();
    const all = [ended(tab), ended(otherTab), ended(phoneTab)];
    await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: member.user.email },
    });
    const token = await linkToken(t, member.user.email, '/auth/reset-password');
    const reset = await createAgent(t.app).inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: 'marble-canyon-echo-42' },
    });
    expect(reset.statusCode).toBe(204);
    expect(new Set(await Promise.all(all))).toEqual(new Set(['io server disconnect']));
  });

  it('ends every socket of an account its owner deletes', async () => {
    const { member, laptop, tab, otherTab, phoneTab } = await twoBrowsers();
    const all = [ended(tab), ended(otherTab), ended(phoneTab)];
    const deleted = await laptop.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { username: member.user.username, password: testPassword },
    });
    expect(deleted.statusCode).toBe(204);
    expect(new Set(await Promise.all(all))).toEqual(new Set(['io server disconnect']));
  });

  it('tells a member’s pages at once when a moderator mutes them', async () => {
    const member = await person(t);
    const socket = await connected(member.agent);
    const changed = next(socket, liveEvents.accountChanged);
    await moderator.agent.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/mute`,
      payload: { duration: '1h', reason: 'Cool down' },
    });
    await changed;
  });
});
