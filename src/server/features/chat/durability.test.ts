import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '../../../shared/chat.js';
import { openPglite, openPostgres, type Database } from '../../platform/db/database.js';
import { buildAccount, type UserRow } from '../../test/factories.js';
import { signInRemote, type RemoteAnswer, type RemoteMember } from '../../test/remote-member.js';
import {
  createPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';

/**
 * A message is stored before it is acknowledged: kill -9 the server while members are sending,
 * start it again on the same data, and every message answered 201 (or 200, a retried nonce) is
 * in the history, once. Runs on PGlite in a data directory, and on PostgreSQL when DATABASE_URL
 * is set.
 */
const origin = 'http://viewpoint.test';
const writers = 16;
/** Acknowledged messages to wait for before the kill; sends are still in flight then. */
const killAfterAcknowledged = 60;

interface Send {
  nonce: string;
  body: string;
  writer: number;
  /** The stored message's id when the server acknowledged it; undefined when no answer came. */
  id?: number;
}

interface Target {
  name: string;
  /** Opens the database the server will use (to create the members), and its server env. */
  prepare(): Promise<{
    database: Database;
    env: Record<string, string>;
    cleanUp: () => Promise<void>;
  }>;
}

const targets: Target[] = [
  {
    name: 'PGlite in a data directory',
    async prepare() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-durability-'));
      const template = inject('pgliteTemplate');
      const database = await openPglite(path.join(dir, 'db'), {
        ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
      });
      return {
        database,
        env: { DATA_DIR: dir },
        cleanUp: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
];
const databaseServer = process.env.DATABASE_URL;
if (databaseServer) {
  targets.push({
    name: 'PostgreSQL',
    async prepare() {
      const created = await createPostgresDatabase(databaseServer);
      const database = await openPostgres(created.url, { max: 2 });
      const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-durability-'));
      return {
        database,
        env: { DATA_DIR: dir, DATABASE_URL: created.url },
        async cleanUp() {
          await created.drop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  });
}

/** One member sending as fast as the flood limit lets them until the server goes away. */
async function sendUntilGone(
  server: ServerProcess,
  member: RemoteMember,
  roomId: number,
  writer: number,
  sends: Send[],
): Promise<void> {
  for (let sequence = 0; ; sequence += 1) {
    const nonce = randomUUID().replaceAll('-', '');
    const send: Send = { nonce, body: `writer ${writer} message ${sequence} ${nonce}`, writer };
    sends.push(send);
    let answer: RemoteAnswer<{ message: ChatMessage }>;
    try {
      answer = await member.request<{ message: ChatMessage }>(
        server.url,
        'POST',
        `/api/chat/rooms/${roomId}/messages`,
        { body: send.body, nonce },
      );
    } catch {
      return; // The connection died with the process: this send has no answer.
    }
    if (answer.status === 201 || answer.status === 200) {
      send.id = answer.body.message.id;
    } else if (answer.status === 429) {
      sends.pop(); // Refused before anything was stored.
      await new Promise((resolve) => setTimeout(resolve, 250));
    } else {
      throw new Error(`unexpected answer ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
  }
}

/** The whole history of a room as one member reads it, newest first, through the cursors. */
async function wholeHistory(server: ServerProcess, member: RemoteMember, roomId: number) {
  const items: ChatMessage[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const query: string = cursor ? `&before=${encodeURIComponent(cursor)}` : '';
    const page = await member.request<{ items: ChatMessage[]; nextCursor: string | null }>(
      server.url,
      'GET',
      `/api/chat/rooms/${roomId}/messages?limit=100${query}`,
    );
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  }
  return items;
}

describe.each(targets)('chat after kill -9 on $name', (target) => {
  it('keeps every acknowledged message, once, and stores a retried send once', async () => {
    const { database, env: dataEnv, cleanUp } = await target.prepare();
    let server: ServerProcess | undefined;
    try {
      const users: UserRow[] = [];
      try {
        await database.migrate();
        for (let index = 0; index < writers; index += 1) {
          users.push(
            await buildAccount(database.db, { createdAt: new Date(Date.now() - 30 * 86_400_000) }),
          );
        }
      } finally {
        await database.close();
      }
      const env = {
        ...dataEnv,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: origin,
        TRUST_PROXY: 'true',
      };
      server = await startServerProcess(env);
      const first = server;
      const members = await Promise.all(
        users.map((user) => signInRemote(first.url, user, { origin })),
      );
      const [reader] = members;
      if (!reader) throw new Error('no members');
      const rooms = await reader.request<{ items: ChatRoom[] }>(
        first.url,
        'GET',
        '/api/chat/rooms',
      );
      const general = rooms.body.items.find((room) => room.isGeneral);
      if (!general) throw new Error('no General room');

      const sends: Send[] = [];
      const sending = members.map((member, writer) =>
        sendUntilGone(first, member, general.id, writer, sends),
      );
      await expect
        .poll(() => sends.filter((send) => send.id !== undefined).length, {
          timeout: 20_000,
          interval: 5,
        })
        .toBeGreaterThanOrEqual(killAfterAcknowledged);
      await first.kill();
      await Promise.all(sending);
      const acknowledged = sends.filter((send) => send.id !== undefined);
      const unanswered = sends.filter((send) => send.id === undefined);
      // Killed mid-load: some sends were still waiting for their answer.
      expect(unanswered.length).toBeGreaterThan(0);

      server = await startServerProcess(env);
      const second = server;
      // The sessions were stored before sign-in answered: they survive the crash too.
      const history = await wholeHistory(second, reader, general.id);
      const ids = history.map((message) => message.id);
      const bodies = history.map((message) => message.body);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(bodies).size).toBe(bodies.length);
      const stored = new Map(history.map((message) => [message.id, message.body]));
      const lost = acknowledged.filter((send) => stored.get(send.id ?? -1) !== send.body);
      expect(lost, `${lost.length} of ${acknowledged.length} acknowledged messages lost`).toEqual(
        [],
      );

      // A client retries what got no answer with the same nonce: stored once either way.
      for (const send of unanswered) {
        const member = members[send.writer];
        if (!member) throw new Error('no writer');
        const retried = await member.request<{ message: ChatMessage }>(
          second.url,
          'POST',
          `/api/chat/rooms/${general.id}/messages`,
          { body: send.body, nonce: send.nonce },
        );
        expect([200, 201]).toContain(retried.status);
        expect(retried.status === 200).toBe(stored.has(retried.body.message.id));
      }
      const after = await wholeHistory(second, reader, general.id);
      const count = (body: string) => after.filter((message) => message.body === body).length;
      for (const send of [...acknowledged, ...unanswered]) expect(count(send.body)).toBe(1);
    } finally {
      await server?.kill();
      await cleanUp();
    }
  }, 120_000);
});
