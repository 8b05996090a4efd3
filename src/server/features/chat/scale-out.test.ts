import { randomBytes, randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveEvents,
  type ChatMessage,
  type ChatRoom,
  type LiveAck,
  type MessageRemovedEvent,
  type PresenceMember,
  type TypingEvent,
} from '../../../shared/chat.js';
import type { Category, Comment, CommentPage, PostDetail } from '../../../shared/forum.js';
import {
  forumLiveEvents,
  type ThreadReplyEvent,
  type ThreadState,
} from '../../../shared/forum-live.js';
import type { Role } from '../../../shared/roles.js';
import { openPostgres } from '../../platform/db/database.js';
import { testPassword } from '../../test/auth-helpers.js';
import { buildAccount, type UserRow } from '../../test/factories.js';
import { openLiveSocket, signInRemote, type RemoteMember } from '../../test/remote-member.js';
import {
  createPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';

/**
 * Two real server processes behind an imaginary load balancer, on one PostgreSQL database and
 * one Redis: what one process does, a client of the other sees (DESIGN.md §2, scaled mode).
 * Runs when DATABASE_URL and REDIS_URL are both set (CI's second pass). The forum's live replies
 * ride the same channel and are checked here too: processes of two sites sharing one Redis at
 * once would hear each other's broadcasts, so there is one such site per run.
 */
const databaseServer = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const origin = 'http://viewpoint.test';

const sockets: Socket[] = [];
let a: ServerProcess;
let b: ServerProcess;
let drop: (() => Promise<void>) | undefined;
let general: ChatRoom;
const users = new Map<string, UserRow>();
const members = new Map<string, RemoteMember>();

function personNamed(name: string): { user: UserRow; member: RemoteMember } {
  const user = users.get(name);
  const member = members.get(name);
  if (!user || !member) throw new Error(`no person ${name}`);
  return { user, member };
}

async function live(server: ServerProcess, name: string): Promise<Socket> {
  const socket = await openLiveSocket(server.url, personNamed(name).member, { origin });
  sockets.push(socket);
  return socket;
}

/** The next `event` on `socket` that `match` accepts; fails after 5 s instead of hanging. */
function next<T>(socket: Socket, event: string, match: (payload: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within 5 s`));
    }, 5_000);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

function ask<T extends object>(socket: Socket, event: string, roomId: number): Promise<LiveAck<T>> {
  return socket.timeout(5_000).emitWithAck(event, roomId) as Promise<LiveAck<T>>;
}

function send(server: ServerProcess, name: string, body: string) {
  return personNamed(name).member.request<{ message: ChatMessage }>(
    server.url,
    'POST',
    `/api/chat/rooms/${general.id}/messages`,
    { body, nonce: randomUUID().replaceAll('-', '') },
  );
}

describe.skipIf(!databaseServer || !redisUrl)('the live channel across two processes', () => {
  beforeAll(async () => {
    if (!databaseServer || !redisUrl) return;
    const database = await createPostgresDatabase(databaseServer);
    drop = database.drop;
    const db = await openPostgres(database.url, { max: 2 });
    const cast: [string, Role][] = [
      ['ana', 'user'],
      ['ben', 'user'],
      ['flooder', 'user'],
      ['blocked', 'user'],
      ['leaver', 'user'],
      ['moderator', 'moderator'],
      ['experienced', 'experienced_moderator'],
    ];
    try {
      await db.migrate();
      for (const [name, role] of cast) {
        const user = await buildAccount(db.db, {
          role,
          createdAt: new Date(Date.now() - 30 * 86_400_000),
        });
        users.set(name, user);
      }
    } finally {
      await db.close();
    }
    // One secret, one database, one Redis, one public address: one site.
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: origin,
      TRUST_PROXY: 'true',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    // Sessions made on either process work on both.
    await Promise.all(
      [...users].map(async ([name, user], index) => {
        members.set(name, await signInRemote(index % 2 ? b.url : a.url, user, { origin }));
      }),
    );
    const rooms = await personNamed('ana').member.request<{ items: ChatRoom[] }>(
      b.url,
      'GET',
      '/api/chat/rooms',
    );
    const found = rooms.body.items.find((room) => room.isGeneral);
    if (!found) throw new Error('no General room');
    general = found;
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  it('delivers a message sent through A to a socket on B', async () => {
    const onB = await live(b, 'ben');
    const body = `Hello from A ${randomUUID()}`;
    const arriving = next<ChatMessage>(onB, liveEvents.message, (m) => m.body === body);
    const sent = await send(a, 'ana', body);
    expect(sent.status).toBe(201);
    const message = await arriving;
    expect(message).toMatchObject({
      id: sent.body.message.id,
      roomId: general.id,
      author: { id: personNamed('ana').user.id },
    });
  });

  it('tells a page on B of a thread’s reply written through A, and B then serves it', async () => {
    const [ana, ben, moderator] = ['ana', 'ben', 'moderator'].map(
      (name) => personNamed(name).member,
    ) as [RemoteMember, RemoteMember, RemoteMember];
    const { body: listed } = await ana.request<{ categories: Category[] }>(
      a.url,
      'GET',
      '/api/forum/categories',
    );
    const categoryId = listed.categories.find((category) => category.slug === 'discussions')?.id;
    const { body: created } = await ana.request<{ post: PostDetail }>(
      a.url,
      'POST',
      '/api/forum/posts',
      { title: 'Thief (1981) and its safecracking', body: 'The opening heist.', categoryId },
    );
    const thread = created.post.id;
    const repliesOnB = () =>
      ben.request<CommentPage>(b.url, 'GET', `/api/forum/posts/${thread}/comments`);
    // B remembers the thread's page of replies as it was before the reply.
    expect((await repliesOnB()).body.total).toBe(0);
    const page = await live(b, 'ben');
    const entered = (await page
      .timeout(5_000)
      .emitWithAck(forumLiveEvents.enter, thread)) as LiveAck<ThreadState>;
    expect(entered).toEqual({ ok: true, total: 0 });
    const heard = next<ThreadReplyEvent>(page, forumLiveEvents.reply, (e) => e.postId === thread);

    const { status, body } = await moderator.request<{ comment: Comment }>(
      a.url,
      'POST',
      `/api/forum/posts/${thread}/comments`,
      { body: 'Real tools, real safes.' },
    );
    expect(status).toBe(201);
    expect(await heard).toEqual({ postId: thread, replyId: body.comment.id, total: 1 });
    // B forgot its page before the page heard of the reply: the page it serves now holds it.
    const after = (await repliesOnB()).body;
    expect(after.total).toBe(1);
    expect(after.items.map((item) => item.id)).toEqual([body.comment.id]);
  });

  it('removes a message hidden through A from a client on B at once, telling why only its author and moderators', async () => {
    const [onB, authorOnB, moderatorOnB] = [
      await live(b, 'ben'),
      await live(b, 'ana'),
      await live(b, 'experienced'),
    ];
    const sent = await send(b, 'ana', `To be hidden ${randomUUID()}`);
    expect(sent.status).toBe(201);
    const id = sent.body.message.id;
    const heard = [onB, authorOnB, moderatorOnB].map((socket) =>
      next<MessageRemovedEvent>(socket, liveEvents.messageRemoved, (e) => e.id === id),
    );
    const hidden = await personNamed('moderator').member.request(
      a.url,
      'POST',
      `/api/chat/messages/${id}/moderation`,
      { action: 'hide', reason: 'Off topic across processes' },
    );
    expect(hidden.status).toBe(200);
    const told = { id, roomId: general.id, reason: 'hidden' };
    expect(await Promise.all(heard)).toEqual([
      { ...told, hiddenReason: null },
      { ...told, hiddenReason: 'Off topic across processes' },
      { ...told, hiddenReason: 'Off topic across processes' },
    ]);
  });

  it('lists members present on either process, and carries typing from A to B', async () => {
    const [anaOnA, benOnB] = [await live(a, 'ana'), await live(b, 'ben')];
    expect(await ask(anaOnA, liveEvents.enter, general.id)).toEqual({ ok: true });
    expect(await ask(benOnB, liveEvents.enter, general.id)).toEqual({ ok: true });
    const ids = [personNamed('ana').user.id, personNamed('ben').user.id].sort();
    for (const socket of [anaOnA, benOnB]) {
      const who = await ask<{ members: PresenceMember[] }>(socket, liveEvents.who, general.id);
      expect(who.ok && who.members.map((member) => member.id).sort()).toEqual(ids);
    }

    const typing = next<TypingEvent>(
      benOnB,
      liveEvents.typing,
      (e) => e.user.id === personNamed('ana').user.id,
    );
    expect(await ask(anaOnA, liveEvents.typing, general.id)).toEqual({ ok: true });
    expect(await typing).toMatchObject({ roomId: general.id });

    // Leaving on A is seen from B.
    anaOnA.disconnect();
    await expect
      .poll(async () => {
        const who = await ask<{ members: PresenceMember[] }>(benOnB, liveEvents.who, general.id);
        return who.ok && who.members.map((member) => member.id);
      })
      .toEqual([personNamed('ben').user.id]);
  });

  it('shares the flood limit: five messages over A and B, the sixth refused on either', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await send(index % 2 ? b : a, 'flooder', `Quick ${index}`)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const onA = await send(a, 'flooder', 'One too many');
    const onB = await send(b, 'flooder', 'One too many again');
    expect([onA.status, onB.status]).toEqual([429, 429]);
    expect(onB.body).toMatchObject({ error: { code: 'resource-exhausted' } });
  });

  it('ends on either process the sockets of sessions ended through the other', async () => {
    const { user, member: laptop } = personNamed('leaver');
    const [phone, tablet] = await Promise.all([
      signInRemote(a.url, user, { origin }),
      signInRemote(b.url, user, { origin }),
    ]);
    const laptopOnB = await live(b, 'leaver');
    const [phoneOnA, tabletOnA] = await Promise.all([
      openLiveSocket(a.url, phone, { origin }),
      openLiveSocket(a.url, tablet, { origin }),
    ]);
    sockets.push(phoneOnA, tabletOnA);
    const ends = (socket: Socket) =>
      new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // Signing the phone out through B ends its socket on A, and only that one.
    const phoneGone = ends(phoneOnA);
    expect((await phone.request(b.url, 'POST', '/api/auth/sign-out')).status).toBe(204);
    expect(await phoneGone).toBe('io server disconnect');
    expect((await ask(tabletOnA, liveEvents.enter, general.id)).ok).toBe(true);

    // A new password from the laptop, through A, ends the tablet's socket on A; the laptop's on
    // B goes on under the laptop's new session, which signing out through B then ends.
    const tabletGone = ends(tabletOnA);
    const changed = await fetch(`${a.url}/api/account/password`, {
      method: 'POST',
      headers: {
        cookie: laptop.cookie,
        origin,
        'x-forwarded-for': laptop.address,
        'x-csrf-token': laptop.csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        currentPassword: testPassword,
        newPassword: 'harbour-lantern-62-quince',
      }),
    });
    expect(changed.status).toBe(204);
    expect(await tabletGone).toBe('io server disconnect');
    expect((await ask(laptopOnB, liveEvents.enter, general.id)).ok).toBe(true);
    const renewed = changed.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('vp.session_token='));
    const laptopGone = ends(laptopOnB);
    const out = await fetch(`${b.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: {
        cookie: laptop.cookie.replace(/vp\.session_token=[^;]*/, renewed ?? ''),
        origin,
        'x-forwarded-for': laptop.address,
        'x-csrf-token': laptop.csrf,
      },
    });
    expect(out.status).toBe(204);
    expect(await laptopGone).toBe('io server disconnect');
  });

  it('disconnects a member blocked through A from B at once, and neither lets them back in', async () => {
    const onB = await live(b, 'blocked');
    const gone = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    const blocked = await personNamed('experienced').member.request(
      a.url,
      'POST',
      `/api/users/${personNamed('blocked').user.id}/block`,
      { reason: 'Spamming both processes' },
    );
    expect(blocked.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // A socket B lets in before the bus has told it to forget its sessions is ended once
    // that memory has expired everywhere: nobody blocked stays connected.
    const slipped = await live(b, 'blocked').catch(() => null);
    if (slipped) {
      const ended = await new Promise<string>((resolve) => slipped.once('disconnect', resolve));
      expect(ended).toBe('io server disconnect');
    }
    // A forgot its session checks with the block itself, B on the bus message that came with
    // it (decision 031). Whichever checks first refuses and ends the session, so the other may
    // find the member signed out instead.
    const refused = /^(permission-denied|unauthenticated)$/;
    await expect(live(a, 'blocked')).rejects.toMatchObject({
      data: { code: expect.stringMatching(refused) },
    });
    const handshakeOnB = async () => {
      try {
        (await live(b, 'blocked')).disconnect();
        return 'connected';
      } catch (error) {
        return (error as { data?: { code?: string } }).data?.code;
      }
    };
    await expect.poll(handshakeOnB, { timeout: 3_000 }).toMatch(refused);
  });
});
