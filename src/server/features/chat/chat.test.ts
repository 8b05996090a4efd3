import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../../shared/chat.js';
import { auditLog, chatMessages, chatReports } from '../../schema.js';
import type { Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount, person, type Person } from '../../test/factories.js';
import { signIn } from '../../test/auth-helpers.js';

let t: TestApp;
let ana: Person;
let ben: Person;
let moderator: Person;
let admin: Person;
let general: ChatRoom;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  ana = await person(t);
  ben = await person(t);
  moderator = await person(t, 'moderator');
  admin = await person(t, 'admin');
  const rooms = await ana.agent.inject({ url: '/api/chat/rooms' });
  const found = (rooms.json().items as ChatRoom[]).find((room) => room.isGeneral);
  if (!found) throw new Error('no General room');
  general = found;
});
afterAll(() => t.close());
// Fresh writers for each test, so one test's messages never spend another's flood budget.
beforeEach(async () => {
  [ana, ben] = await Promise.all([person(t), person(t)]);
});

const db = () => t.platforms.database.db;
const nonce = () => randomUUID().replaceAll('-', '');

/** Each writer on an address of its own, as members are: the per-address budget is shared. */
const addresses = new WeakMap<Agent, string>();
const addressOf = (agent: Agent) => {
  const known = addresses.get(agent);
  if (known) return known;
  const address = `10.40.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  addresses.set(agent, address);
  return address;
};

function send(agent: Agent, roomId: number, body: string, more: object = {}) {
  return agent.inject({
    method: 'POST',
    url: `/api/chat/rooms/${roomId}/messages`,
    remoteAddress: addressOf(agent),
    payload: { body, nonce: nonce(), ...more },
  });
}

async function sent(agent: Agent, roomId: number, body: string, more: object = {}) {
  const res = await send(agent, roomId, body, more);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}

async function createRoom(body: object): Promise<ChatRoom> {
  const res = await admin.agent.inject({ method: 'POST', url: '/api/chat/rooms', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().room as ChatRoom;
}

const history = async (agent: Agent, roomId: number, query = '') => {
  const res = await agent.inject({ url: `/api/chat/rooms/${roomId}/messages${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: ChatMessage[]; nextCursor: string | null; hasMore: boolean }>();
};

const messageCount = async (roomId: number) =>
  (await db().select().from(chatMessages).where(eq(chatMessages.roomId, roomId))).length;

describe('rooms', () => {
  it('gives every verified member the General room and refuses visitors and unverified members', async () => {
    expect(general.name).toBe('General');
    expect(general.canPost).toBe(true);
    expect((await t.app.inject({ url: '/api/chat/rooms' })).statusCode).toBe(401);
    const unverified = await buildAccount(db(), { emailVerified: false });
    const agent = await signIn(t.app, unverified);
    const res = await agent.inject({ url: '/api/chat/rooms' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('permission-denied');
  });

  it('lets admins create and archive rooms, and nobody else', async () => {
    const refused = await moderator.agent.inject({
      method: 'POST',
      url: '/api/chat/rooms',
      payload: { name: 'Mods lounge' },
    });
    expect(refused.statusCode).toBe(403);
    const room = await createRoom({ name: 'Horror', topic: 'Things that go bump' });
    expect(room).toMatchObject({ name: 'Horror', posting: 'everyone', archived: false });
    const listed = (await ana.agent.inject({ url: '/api/chat/rooms' })).json().items as ChatRoom[];
    expect(listed.map((r) => r.name)).toContain('Horror');

    const archived = await admin.agent.inject({
      method: 'PATCH',
      url: `/api/chat/rooms/${room.id}`,
      payload: { archived: true },
    });
    expect(archived.json().room.archived).toBe(true);
    const after = (await ana.agent.inject({ url: '/api/chat/rooms' })).json().items as ChatRoom[];
    expect(after.map((r) => r.id)).not.toContain(room.id);
    const res = await send(ana.agent, room.id, 'Anyone here?');
    expect(res.statusCode).toBe(412);
    // History stays readable.
    expect((await history(ana.agent, room.id)).items).toEqual([]);

    const general = (await ana.agent.inject({ url: '/api/chat/rooms' })).json()
      .items[0] as ChatRoom;
    const keep = await admin.agent.inject({
      method: 'PATCH',
      url: `/api/chat/rooms/${general.id}`,
      payload: { archived: true },
    });
    expect(keep.statusCode).toBe(412);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'chat-room'), eq(auditLog.targetId, String(room.id))))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['chat-room.create', 'chat-room.update']);
  });

  it('keeps announcement rooms for moderators', async () => {
    const room = await createRoom({ name: 'Announcements', posting: 'moderators' });
    const listed = (await ana.agent.inject({ url: '/api/chat/rooms' })).json().items as ChatRoom[];
    expect(listed.find((r) => r.id === room.id)?.canPost).toBe(false);
    const refused = await send(ana.agent, room.id, 'Me too');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/only moderators/i);
    await sent(moderator.agent, room.id, 'Festival tickets are on sale');
  });

  it('refuses bad room settings', async () => {
    for (const payload of [
      { name: '' },
      { name: 'x'.repeat(41) },
      { name: 'Ok', posting: 'nobody' },
      { name: 'Ok', slowModeSeconds: -1 },
      { name: 'Ok', extra: 1 },
    ]) {
      const res = await admin.agent.inject({ method: 'POST', url: '/api/chat/rooms', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('messages', () => {
  it('stores a message before answering and pages back through the whole history, newest first', async () => {
    const room = await createRoom({ name: 'History' });
    const bodies = Array.from({ length: 7 }, (_, i) => `Message ${i + 1}`);
    for (const [i, body] of bodies.entries()) {
      await sent(i % 2 === 0 ? ana.agent : ben.agent, room.id, body);
    }
    const first = await history(ana.agent, room.id, '?limit=3');
    expect(first.items.map((m) => m.body)).toEqual(['Message 7', 'Message 6', 'Message 5']);
    const second = await history(ana.agent, room.id, `?limit=3&before=${first.nextCursor}`);
    expect(second.items.map((m) => m.body)).toEqual(['Message 4', 'Message 3', 'Message 2']);
    const third = await history(ana.agent, room.id, `?limit=3&before=${second.nextCursor}`);
    expect(third.items.map((m) => m.body)).toEqual(['Message 1']);
    expect(third.nextCursor).toBeNull();

    const fourth = first.items[2];
    const missed = await history(ben.agent, room.id, `?after=${fourth?.id}&limit=2`);
    expect(missed.items.map((m) => m.body)).toEqual(['Message 6', 'Message 7']);
    expect(missed.hasMore).toBe(false);
    const more = await history(ben.agent, room.id, `?after=${fourth?.id}&limit=1`);
    expect(more.hasMore).toBe(true);
  });

  it('stores a message once however often the same nonce is sent', async () => {
    const room = await createRoom({ name: 'Retries' });
    const payload = { body: 'Only once', nonce: nonce() };
    const url = `/api/chat/rooms/${room.id}/messages`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => ana.agent.inject({ method: 'POST', url, payload })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<{ message: ChatMessage }>().message.id)).size).toBe(1);
    expect(await messageCount(room.id)).toBe(1);
    const again = await ana.agent.inject({ method: 'POST', url, payload });
    expect(again.statusCode).toBe(200);
    const elsewhere = await ana.agent.inject({
      method: 'POST',
      url: `/api/chat/rooms/${general.id}/messages`,
      payload,
    });
    expect(elsewhere.statusCode).toBe(409);
  });

  it('renders a safe Markdown subset and links mentions of existing, unblocked members only', async () => {
    const room = await createRoom({ name: 'Markdown' });
    const username = ben.user.username ?? '';
    const blocked = await buildAccount(db(), { banned: true, banReason: 'Spam' });
    const message = await sent(
      ana.agent,
      room.id,
      `**bold** _italic_ \`code @${username}\` [link](https://example.com) <script>alert(1)</script> # not a heading @${username} @${blocked.username ?? ''} @nobody_here_123 [x](javascript:alert(1))`,
    );
    expect(message.html).toContain('<strong>bold</strong>');
    expect(message.html).toContain('<em>italic</em>');
    expect(message.html).toContain(`<code>code @${username}</code>`);
    expect(message.html).toContain(
      '<a href="https://example.com" rel="nofollow ugc noopener">link</a>',
    );
    expect(message.html).toContain('&lt;script&gt;');
    expect(message.html).not.toContain('<script');
    expect(message.html).not.toContain('<h1');
    expect(message.html).not.toMatch(/href="javascript:/);
    expect(message.html).toContain(
      `<a href="/u/${username}" class="mention" data-mention="${username}">@${username}</a>`,
    );
    expect(message.html).toContain(` @${blocked.username ?? ''} @nobody_here_123 `);
    expect(message.html.match(/class="mention"/g)).toHaveLength(1);
    expect(message.mentions).toEqual([username]);
  });

  it('refuses empty, over-long and malformed messages and changes nothing', async () => {
    const room = await createRoom({ name: 'Refusals' });
    const url = `/api/chat/rooms/${room.id}/messages`;
    const cases = [
      { body: '   ', nonce: nonce() },
      { body: 'x'.repeat(2001), nonce: nonce() },
      { body: 'ok', nonce: 'short' },
      { body: 'ok' },
      { body: 'nul \u0000 here', nonce: nonce() },
      { body: 'ok', nonce: nonce(), replyToId: 'abc' },
      { body: 'ok', nonce: nonce(), extra: true },
    ];
    for (const payload of cases) {
      const res = await ana.agent.inject({ method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    expect((await send(ana.agent, 99_999_999, 'Where?')).statusCode).toBe(404);
    expect(
      (
        await ana.agent.inject({
          method: 'POST',
          url: '/api/chat/rooms/abc/messages',
          payload: { body: 'x', nonce: nonce() },
        })
      ).statusCode,
    ).toBe(400);
    const other = await sent(ana.agent, general.id, 'In General');
    const crossRoom = await send(ana.agent, room.id, 'Reply across rooms', { replyToId: other.id });
    expect(crossRoom.statusCode).toBe(400);
    expect(await messageCount(room.id)).toBe(0);
  });

  it('lets members reply, edit and delete their own messages and not others’', async () => {
    const room = await createRoom({ name: 'Edits' });
    const original = await sent(ana.agent, room.id, 'First take');
    const reply = await sent(ben.agent, room.id, 'I disagree', { replyToId: original.id });
    expect(reply.replyTo).toMatchObject({ id: original.id, excerpt: 'First take' });

    const refused = await ben.agent.inject({
      method: 'PATCH',
      url: `/api/chat/messages/${original.id}`,
      payload: { body: 'Hijacked' },
    });
    expect(refused.statusCode).toBe(403);
    const edited = await ana.agent.inject({
      method: 'PATCH',
      url: `/api/chat/messages/${original.id}`,
      payload: { body: 'Second take' },
    });
    expect(edited.json().message.body).toBe('Second take');
    expect(edited.json().message.editedAt).not.toBeNull();

    expect(
      (await ben.agent.inject({ method: 'DELETE', url: `/api/chat/messages/${original.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ana.agent.inject({ method: 'DELETE', url: `/api/chat/messages/${original.id}` }))
        .statusCode,
    ).toBe(204);
    const items = (await history(ben.agent, room.id)).items;
    expect(items.map((m) => m.id)).toEqual([reply.id]);
    expect(items[0]?.replyTo?.excerpt).toBe('This message is no longer available');
  });

  it('takes one like per member, never one’s own', async () => {
    const room = await createRoom({ name: 'Likes' });
    const message = await sent(ana.agent, room.id, 'Like me');
    const url = `/api/chat/messages/${message.id}/reaction`;
    expect((await ana.agent.inject({ method: 'PUT', url })).statusCode).toBe(403);
    await ben.agent.inject({ method: 'PUT', url });
    const twice = await ben.agent.inject({ method: 'PUT', url });
    expect(twice.json()).toEqual({ reacted: true, reactionCount: 1 });
    expect((await history(ben.agent, room.id)).items[0]?.reacted).toBe(true);
    const undone = await ben.agent.inject({ method: 'DELETE', url });
    expect(undone.json()).toEqual({ reacted: false, reactionCount: 0 });
  });

  it('keeps an archived room as it was: its messages take no likes, no unlikes and no reports', async () => {
    const room = await createRoom({ name: 'Festival 2025' });
    const message = await sent(ana.agent, room.id, 'See you at the closing night');
    const liked = `/api/chat/messages/${message.id}/reaction`;
    expect((await moderator.agent.inject({ method: 'PUT', url: liked })).statusCode).toBe(200);
    const archived = await admin.agent.inject({
      method: 'PATCH',
      url: `/api/chat/rooms/${room.id}`,
      payload: { archived: true },
    });
    expect(archived.statusCode).toBe(200);

    const refusals = [
      await ben.agent.inject({ method: 'PUT', url: liked }),
      await moderator.agent.inject({ method: 'DELETE', url: liked }),
      await ben.agent.inject({
        method: 'POST',
        url: `/api/chat/messages/${message.id}/reports`,
        payload: { category: 'spam' },
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(412);
      expect(res.json().error).toMatchObject({
        code: 'failed-precondition',
        message: expect.stringMatching(/^This room is archived/) as unknown,
      });
    }
    const [row] = await db().select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(row?.reactionCount).toBe(1);
    expect(
      await db().select().from(chatReports).where(eq(chatReports.messageId, message.id)),
    ).toEqual([]);
  });

  it('counts unread messages per room and in total until they are read', async () => {
    const room = await createRoom({ name: 'Unread' });
    const reader = await person(t);
    const before = (await reader.agent.inject({ url: '/api/chat/unread' })).json().total as number;
    await sent(ana.agent, room.id, 'One');
    const last = await sent(ana.agent, room.id, 'Two');
    const rooms = (await reader.agent.inject({ url: '/api/chat/rooms' })).json()
      .items as ChatRoom[];
    const listed = rooms.find((r) => r.id === room.id);
    expect(listed?.unreadCount).toBe(2);
    expect(listed?.lastMessage).toMatchObject({ id: last.id, excerpt: 'Two' });
    expect((await reader.agent.inject({ url: '/api/chat/unread' })).json().total).toBe(before + 2);
    const read = await reader.agent.inject({
      method: 'PUT',
      url: `/api/chat/rooms/${room.id}/read`,
      payload: { messageId: last.id },
    });
    expect(read.json()).toEqual({ unreadCount: 0 });
    expect((await reader.agent.inject({ url: '/api/chat/unread' })).json().total).toBe(before);
    // The writer's own messages are never unread to them.
    const own = (await ana.agent.inject({ url: '/api/chat/rooms' })).json().items as ChatRoom[];
    expect(own.find((r) => r.id === room.id)?.unreadCount).toBe(0);
  });
});

describe('limits and moderation', () => {
  it('answers a flood with a clear error and stores only what the budget allows', async () => {
    const room = await createRoom({ name: 'Flood' });
    const flooder = await person(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(flooder.agent, room.id, `spam ${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const refusal = answers.find((a) => a.statusCode === 429)?.json();
    expect(refusal.error.code).toBe('resource-exhausted');
    expect(refusal.error.message).toMatch(/sending messages too fast/);
    expect(await messageCount(room.id)).toBe(5);
  });

  it('holds members to a room’s slow mode, not moderators', async () => {
    const room = await createRoom({ name: 'Slow', slowModeSeconds: 30 });
    const member = await person(t);
    await sent(member.agent, room.id, 'First');
    const second = await send(member.agent, room.id, 'Second');
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toMatch(/slow mode: one message every 30 seconds/);
    await sent(moderator.agent, room.id, 'Mods are not slowed');
    await sent(moderator.agent, room.id, 'Really');
  });

  it('refuses a muted member with why and until when', async () => {
    const member = await person(t);
    await moderator.agent.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/mute`,
      payload: { duration: '1h', reason: 'Cool down' },
    });
    const before = await history(member.agent, general.id);
    const res = await send(member.agent, general.id, 'Let me talk');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details.muted.reason).toBe('Cool down');
    // The refused message was never stored: the room reads as it did before.
    const after = await history(member.agent, general.id);
    expect(after.items.map((message) => message.body)).not.toContain('Let me talk');
    expect(after.items).toEqual(before.items);
  });

  it('lets moderators hide a reported message for everyone but moderators, with an audit entry', async () => {
    const room = await createRoom({ name: 'Hiding' });
    const message = await sent(ana.agent, room.id, 'Something rude');
    const reported = await ben.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${message.id}/reports`,
      payload: { category: 'abuse', reason: 'Rude' },
    });
    expect(reported.statusCode).toBe(204);
    expect(
      (
        await ana.agent.inject({
          method: 'POST',
          url: `/api/chat/messages/${message.id}/reports`,
          payload: { category: 'spam' },
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (
        await ben.agent.inject({
          method: 'POST',
          url: `/api/chat/messages/${message.id}/moderation`,
          payload: { action: 'hide', reason: 'Rude words' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await moderator.agent.inject({
          method: 'POST',
          url: `/api/chat/messages/${message.id}/moderation`,
          payload: { action: 'hide' },
        })
      ).statusCode,
    ).toBe(400);
    const hidden = await moderator.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${message.id}/moderation`,
      payload: { action: 'hide', reason: 'Rude words' },
    });
    expect(hidden.json().message.hidden).toEqual({ reason: 'Rude words' });
    expect((await history(ben.agent, room.id)).items).toEqual([]);
    expect((await history(moderator.agent, room.id)).items[0]?.hidden?.reason).toBe('Rude words');
    const [report] = await db()
      .select()
      .from(chatReports)
      .where(eq(chatReports.messageId, message.id));
    expect(report).toMatchObject({ status: 'resolved', resolution: 'chat-message.hide' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, 'chat-message'), eq(auditLog.targetId, String(message.id))),
      );
    expect(audit.map((entry) => entry.action)).toEqual(['chat-message.hide']);
    // Nobody edits, likes or replies to a hidden message.
    expect(
      (await ben.agent.inject({ method: 'PUT', url: `/api/chat/messages/${message.id}/reaction` }))
        .statusCode,
    ).toBe(404);

    const adminMessage = await sent(admin.agent, room.id, 'From the top');
    const upward = await moderator.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${adminMessage.id}/moderation`,
      payload: { action: 'hide', reason: 'Trying my luck' },
    });
    expect(upward.statusCode).toBe(403);
  });

  it('counts reports on chat messages in the member’s history and the dashboard', async () => {
    const message = await sent(ana.agent, general.id, 'Reported on the dashboard');
    const history = async () =>
      (await moderator.agent.inject({ url: `/api/users/${ana.user.id}/history` })).json<{
        history: { reportsAgainst: number };
      }>().history.reportsAgainst;
    const stats = async () =>
      (await admin.agent.inject({ url: '/api/admin/stats' })).json<{ openReports: number }>()
        .openReports;
    const [reportsBefore, openBefore] = [await history(), await stats()];
    const res = await ben.agent.inject({
      method: 'POST',
      url: `/api/chat/messages/${message.id}/reports`,
      payload: { category: 'spam', reason: 'Advertising' },
    });
    expect(res.statusCode).toBe(204);
    expect(await history()).toBe(reportsBefore + 1);
    expect(await stats()).toBe(openBefore + 1);
  });
});
