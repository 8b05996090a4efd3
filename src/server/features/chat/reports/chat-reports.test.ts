import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveEvents,
  type ChatMessage,
  type ChatRoom,
  type MessageRemovedEvent,
} from '../../../../shared/chat.js';
import { auditLog, chatMessages, chatReports } from '../../../schema.js';
import { testOrigin, type Agent } from '../../../test/auth-helpers.js';
import { person, type Person } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { hiddenByReportsReason } from '../../../../shared/reports.js';

let t: TestApp;
let url: string;
let moderator: Person;
let admin: Person;
let room: ChatRoom;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  moderator = await person(t, 'moderator');
  admin = await person(t, 'admin');
  const created = await admin.agent.inject({
    method: 'POST',
    url: '/api/chat/rooms',
    payload: { name: 'Reported talk' },
  });
  room = created.json().room as ChatRoom;
});
afterAll(() => t.close());

const db = () => t.platforms.database.db;

async function sent(agent: Agent, body: string): Promise<ChatMessage> {
  const res = await agent.inject({
    method: 'POST',
    url: `/api/chat/rooms/${room.id}/messages`,
    remoteAddress: `10.60.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: { body, nonce: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}

const reportMessage = (agent: Agent, id: number, payload: object = { category: 'spam' }) =>
  agent.inject({ method: 'POST', url: `/api/chat/messages/${id}/reports`, payload });

const moderateMessage = (agent: Agent, id: number, payload: object) =>
  agent.inject({ method: 'POST', url: `/api/chat/messages/${id}/moderation`, payload });

const reportsOf = (id: number) =>
  db().select().from(chatReports).where(eq(chatReports.messageId, id)).orderBy(chatReports.id);

const auditOf = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'chat-message'), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);

async function messageRow(id: number) {
  const [row] = await db().select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

async function visibleTo(agent: Agent, id: number): Promise<boolean> {
  const res = await agent.inject({ url: `/api/chat/rooms/${room.id}/messages` });
  return (res.json().items as ChatMessage[]).some((message) => message.id === id);
}

async function listening(agent: Agent): Promise<Socket> {
  const socket = connect(url, {
    transports: ['websocket'],
    extraHeaders: {
      origin: testOrigin,
      cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('reports on chat messages', () => {
  it('hides a message its third distinct reporter agrees on, for every reader, with the site as the actor', async () => {
    const [author, first, second, third, reader] = await Promise.all([
      person(t),
      person(t),
      person(t),
      person(t),
      person(t),
    ]);
    const message = await sent(author.agent, 'Buy cheap tickets at my shop');
    const sockets = await Promise.all([reader, author, moderator].map((p) => listening(p.agent)));
    try {
      const [removed, toAuthor, toModerator] = sockets.map(
        (socket) =>
          new Promise<MessageRemovedEvent>((resolve) =>
            socket.on(liveEvents.messageRemoved, (event: MessageRemovedEvent) => {
              if (event.id === message.id) resolve(event);
            }),
          ),
      );
      expect((await reportMessage(first.agent, message.id)).statusCode).toBe(204);
      // A second report by the same member adds nothing.
      expect((await reportMessage(first.agent, message.id)).statusCode).toBe(204);
      expect((await reportMessage(second.agent, message.id)).statusCode).toBe(204);
      expect((await messageRow(message.id))?.hiddenAt).toBeNull();
      expect(await visibleTo(reader.agent, message.id)).toBe(true);

      expect((await reportMessage(third.agent, message.id)).statusCode).toBe(204);
      // A member hears it go; only its author and moderators hear why.
      const told = { roomId: room.id, id: message.id, reason: 'hidden' };
      expect(await removed).toEqual({ ...told, hiddenReason: null });
      expect(await toAuthor).toEqual({ ...told, hiddenReason: hiddenByReportsReason });
      expect(await toModerator).toEqual({ ...told, hiddenReason: hiddenByReportsReason });
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
    expect(await messageRow(message.id)).toMatchObject({
      hiddenReason: hiddenByReportsReason,
      hiddenById: null,
    });
    expect(await visibleTo(reader.agent, message.id)).toBe(false);
    expect(await visibleTo(moderator.agent, message.id)).toBe(true);
    const [entry] = await auditOf(message.id);
    expect(entry).toMatchObject({
      actorId: null,
      action: 'chat-message.hide',
      reason: hiddenByReportsReason,
      after: { hidden: hiddenByReportsReason, reporters: 3 },
    });
    expect((await reportsOf(message.id)).map((report) => report.status)).toEqual([
      'open',
      'open',
      'open',
    ]);
  });

  it('dismisses a message’s reports without hiding it, and lifts a hiding the reports caused', async () => {
    const [author, first, second, third] = await Promise.all([
      person(t),
      person(t),
      person(t),
      person(t),
    ]);
    const fine = await sent(author.agent, 'I liked the ending, honestly');
    await reportMessage(first.agent, fine.id, { category: 'off-topic' });
    const dismissed = await moderateMessage(moderator.agent, fine.id, { action: 'dismiss' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().message.hidden).toBeNull();
    expect((await reportsOf(fine.id)).map((r) => [r.status, r.resolution])).toEqual([
      ['resolved', 'report.dismiss'],
    ]);
    expect((await auditOf(fine.id)).map((entry) => [entry.action, entry.actorId])).toEqual([
      ['report.dismiss', moderator.user.id],
    ]);
    // Nothing left to dismiss: refused, and nothing changes.
    const again = await moderateMessage(moderator.agent, fine.id, { action: 'dismiss' });
    expect(again.statusCode).toBe(412);
    expect(again.json().error.code).toBe('failed-precondition');
    expect(await auditOf(fine.id)).toHaveLength(1);

    const hiddenByReports = await sent(author.agent, 'A strong opinion about sequels');
    for (const reporter of [first, second, third]) {
      await reportMessage(reporter.agent, hiddenByReports.id);
    }
    expect(await visibleTo(first.agent, hiddenByReports.id)).toBe(false);
    await moderateMessage(moderator.agent, hiddenByReports.id, { action: 'dismiss' });
    expect(await visibleTo(first.agent, hiddenByReports.id)).toBe(true);
    expect((await reportsOf(hiddenByReports.id)).every((r) => r.status === 'resolved')).toBe(true);
  });

  it('keeps a moderator’s own hiding when the reports are dismissed', async () => {
    const author = await person(t);
    const message = await sent(author.agent, 'Something rude about a director');
    await moderateMessage(moderator.agent, message.id, { action: 'hide', reason: 'Rude words' });
    // Only moderators still see a hidden message, so only they can report it.
    expect((await reportMessage(moderator.agent, message.id)).statusCode).toBe(204);
    const res = await moderateMessage(admin.agent, message.id, { action: 'dismiss' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.hidden).toEqual({ reason: 'Rude words' });
  });

  it('refuses bad moderation input and changes nothing', async () => {
    const [author, reporter] = await Promise.all([person(t), person(t)]);
    const message = await sent(author.agent, 'Tickets for the late show?');
    await reportMessage(reporter.agent, message.id, { category: 'spam' });
    for (const payload of [
      { action: 'bogus' },
      { action: 'dismiss', extra: true },
      { action: 'hide' },
      { action: 'hide', reason: 'x' },
    ]) {
      const res = await moderateMessage(moderator.agent, message.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    const member = await moderateMessage(reporter.agent, message.id, { action: 'dismiss' });
    expect(member.statusCode).toBe(403);
    expect((await reportsOf(message.id)).map((r) => r.status)).toEqual(['open']);
    expect(await auditOf(message.id)).toEqual([]);
    expect((await messageRow(message.id))?.hiddenAt).toBeNull();
  });
});
