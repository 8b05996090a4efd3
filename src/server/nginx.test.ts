import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, type ChatMessage, type ChatRoom } from '../shared/chat.js';
import { openPostgres } from './platform/db/database.js';
import { buildAccount, type UserRow } from './test/factories.js';
import { hasNginx, requestFrom, startNginx, type RunningNginx } from './test/nginx.js';
import { signInRemote, type RemoteMember } from './test/remote-member.js';
import {
  createPostgresDatabase,
  freePort,
  startServerProcess,
  type ServerProcess,
} from './test/server-process.js';

/**
 * deploy/nginx in front of two processes sharing PostgreSQL and Redis, as the README's
 * deployment runs them: requests and the live channel go through nginx, which passes the
 * client's address, limits bodies, leaves compression to the processes and serves the build's
 * assets; and a rolling restart (each process stopped gracefully and started again while
 * requests and messages flow) fails no request and loses no message. Runs where nginx is
 * installed (CI installs Debian's) and DATABASE_URL and REDIS_URL are set.
 */
const databaseServer = process.env.DATABASE_URL;

/**
 * The client addresses of this run: loopback addresses (all of 127.0.0.0/8 reaches this
 * machine) under a prefix of the run's own, so that no two runs share a rate-limit count in
 * Redis.
 */
const runPrefix = 1 + Math.floor(Math.random() * 250);
const runBase = Math.floor(Math.random() * 200);
/** The `n`th client: apart in the third part, which nginx's ip_hash reads. */
const loopback = (n: number) => `127.${String(runPrefix)}.${String(runBase + n)}.1`;
const redisUrl = process.env.REDIS_URL;

describe.runIf(hasNginx && databaseServer && redisUrl)('two processes behind nginx', () => {
  let nginx: RunningNginx;
  const ports: [number, number] = [0, 0];
  const processes: (ServerProcess | undefined)[] = [undefined, undefined];
  let env: Record<string, string>;
  let webRoot: string;
  let drop: () => Promise<void> = () => Promise.resolve();
  const users: UserRow[] = [];
  let general: ChatRoom;
  const sockets: Socket[] = [];

  const start = async (index: 0 | 1) => {
    processes[index] = await startServerProcess(env, { port: ports[index] });
  };

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-nginx-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    const script = 'console.log("the build\'s hashed file");\n'.repeat(40);
    await writeFile(path.join(webRoot, 'assets', 'app-Cx1a2b3c.js'), script);
    await writeFile(path.join(webRoot, 'assets', 'app-Cx1a2b3c.js.gz'), gzipSync(script));

    const database = await createPostgresDatabase(databaseServer!, 'viewpoint_nginx');
    drop = database.drop;
    const db = await openPostgres(database.url, { max: 2 });
    try {
      await db.migrate();
      for (const role of ['user', 'user', 'user', 'experienced_moderator', 'user'] as const) {
        users.push(
          await buildAccount(db.db, { role, createdAt: new Date(Date.now() - 30 * 86_400_000) }),
        );
      }
    } finally {
      await db.close();
    }
    ports[0] = await freePort();
    ports[1] = await freePort();
    const nginxPort = await freePort();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${String(nginxPort)}`,
      TRUST_PROXY: '127.0.0.1',
    };
    // The processes first: nginx leaves out for 10 s one that refused it.
    await Promise.all([start(0), start(1)]);
    nginx = await startNginx({ ports, webRoot, port: nginxPort });
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(processes.map((server) => server?.stop() ?? Promise.resolve()));
    await nginx?.stop();
    await drop();
    await rm(webRoot, { recursive: true, force: true });
  });

  const signIn = (user: UserRow) => signInRemote(nginx.url, user, { origin: nginx.url });

  async function generalRoom(member: RemoteMember): Promise<ChatRoom> {
    const rooms = await member.request<{ items: ChatRoom[] }>(nginx.url, 'GET', '/api/chat/rooms');
    const found = rooms.body.items.find((room) => room.isGeneral);
    if (!found) throw new Error('no General room');
    return found;
  }

  /** A live socket through nginx from local address `from`, reconnecting as the web app does. */
  function liveThroughNginx(member: RemoteMember, from: string): Socket {
    const socket = connect(nginx.url, {
      transports: ['websocket'],
      extraHeaders: { origin: nginx.url, cookie: member.cookie },
      localAddress: from,
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    } as Parameters<typeof connect>[1]);
    sockets.push(socket);
    return socket;
  }

  it('answers through nginx, compressed once by the process, with the client seen by address', async () => {
    // The API's own description: large enough to be compressed.
    const answer = await requestFrom(loopback(2), `${nginx.url}/api/openapi.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.body).toString())).toHaveProperty('paths');

    // Sign-ups are limited per client address (5 an hour), and the count is shared by the
    // processes: nginx sends the requests to both, and the sixth is refused wherever it lands.
    const signUp = (from: string, n: number) =>
      requestFrom(from, `${nginx.url}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: nginx.url },
        body: JSON.stringify({
          name: `Nginx Member ${String(n)}`,
          username: `ng${randomBytes(6).toString('hex')}`,
          email: `nginx-${randomUUID()}@example.com`,
          password: 'lantern-orchard-51-velvet',
        }),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 7; n++) statuses.push((await signUp(loopback(3), n)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another address has its own count: the processes saw the client, not nginx.
    expect((await signUp(loopback(4), 99)).status).toBe(200);
  });

  it('serves the build’s assets from disk for a year, and refuses a body too large in the one error shape', async () => {
    const asset = await requestFrom(loopback(2), `${nginx.url}/assets/app-Cx1a2b3c.js`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.body).toString()).toContain('hashed file');
    expect((await requestFrom(loopback(2), `${nginx.url}/assets/gone-D0e1f2a3.js`)).status).toBe(
      404,
    );

    const member = await signIn(users[0]!);
    const tooLarge = await requestFrom(loopback(2), `${nginx.url}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie: member.cookie,
        origin: nginx.url,
        'x-csrf-token': member.csrf,
        'content-type': 'multipart/form-data; boundary=x',
      },
      body: Buffer.alloc(12 * 1024 * 1024, 'a'),
    });
    expect(tooLarge.status).toBe(400);
    expect(JSON.parse(tooLarge.body.toString())).toEqual({
      error: { code: 'out-of-range', message: 'The request body is too large' },
    });
  });

  it('carries the live channel: a message sent through either process reaches every socket, and a block acts everywhere', async () => {
    const [ana, ben, , moderator] = await Promise.all(users.map(signIn));
    general = await generalRoom(ana!);
    // Several client addresses (apart in their third part, which nginx's ip_hash reads), so
    // that the sockets are on both processes.
    const listeners = [loopback(5), loopback(6), loopback(7), loopback(8)].map((from) =>
      liveThroughNginx(ben!, from),
    );
    await Promise.all(
      listeners.map(
        (socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve())),
      ),
    );
    const heard = listeners.map(() => new Set<number>());
    listeners.forEach((socket, index) =>
      socket.on(liveEvents.message, (message: ChatMessage) => heard[index]!.add(message.id)),
    );
    const sent: number[] = [];
    for (let n = 0; n < 4; n++) {
      const answer = await ana!.request<{ message: ChatMessage }>(
        nginx.url,
        'POST',
        `/api/chat/rooms/${String(general.id)}/messages`,
        { body: `Through nginx ${String(n)}`, nonce: randomUUID().replaceAll('-', '') },
      );
      expect(answer.status).toBe(201);
      sent.push(answer.body.message.id);
    }
    await expect
      .poll(() => heard.every((ids) => sent.every((id) => ids.has(id))), { timeout: 5_000 })
      .toBe(true);

    const blocked = await moderator!.request(
      nginx.url,
      'POST',
      `/api/users/${users[1]!.id}/block`,
      { reason: 'Testing the block behind nginx' },
    );
    expect(blocked.status).toBe(200);
    // Every socket of the blocked member is closed, on both processes.
    await expect
      .poll(() => listeners.every((socket) => !socket.connected), { timeout: 5_000 })
      .toBe(true);
    // And every request of theirs, wherever nginx sends it, is refused.
    for (let n = 0; n < 4; n++) {
      const refused = await ben!.request(nginx.url, 'GET', '/api/chat/unread');
      expect(refused.status).toBeGreaterThanOrEqual(401);
      expect(refused.status).toBeLessThanOrEqual(403);
    }
    for (const socket of listeners) socket.disconnect();
  });

  it(
    'restarts one process after the other while requests and messages flow: no request fails, no message is lost',
    { timeout: 240_000 },
    async () => {
      // A writer of its own: the flood limit counts the messages of the test before.
      const [ana, cara] = await Promise.all([signIn(users[4]!), signIn(users[2]!)]);
      general ??= await generalRoom(ana);
      // Listeners as the web app is one: on every (re)connection it asks what it missed.
      const listeners = [loopback(9), loopback(10), loopback(11), loopback(12)].map((from) => {
        const socket = liveThroughNginx(cara, from);
        const heard = new Set<number>();
        let last = 0;
        const note = (message: ChatMessage) => {
          heard.add(message.id);
          last = Math.max(last, message.id);
        };
        socket.on(liveEvents.message, note);
        let connections = 0;
        socket.on('connect', () => {
          connections += 1;
          if (connections === 1) return;
          const after = last > 0 ? `after=${String(last)}&` : '';
          void cara
            .request<{ items: ChatMessage[] }>(
              nginx.url,
              'GET',
              `/api/chat/rooms/${String(general.id)}/messages?${after}limit=100`,
            )
            .then((answer) => answer.body.items.forEach(note));
        });
        return { socket, heard };
      });
      await Promise.all(
        listeners.map(
          ({ socket }) => new Promise<void>((resolve) => socket.once('connect', () => resolve())),
        ),
      );

      const failures: string[] = [];
      const sent: number[] = [];
      let requests = 0;
      let running = true;
      const reader = async (from: string) => {
        while (running) {
          const answer = await requestFrom(from, `${nginx.url}/api/forum/posts`).catch(
            (error: unknown) => ({ status: 0, body: Buffer.from(String(error)) }),
          );
          requests += 1;
          if (answer.status !== 200)
            failures.push(`GET ${String(answer.status)} ${answer.body.toString().slice(0, 120)}`);
        }
      };
      const writer = async () => {
        while (running) {
          const answer = await ana
            .request<{ message: ChatMessage }>(
              nginx.url,
              'POST',
              `/api/chat/rooms/${String(general.id)}/messages`,
              {
                body: `During the restart ${String(sent.length)}`,
                nonce: randomUUID().replaceAll('-', ''),
              },
            )
            .catch((error: unknown) => ({ status: 0, body: { error: String(error) } }));
          requests += 1;
          if (answer.status === 201)
            sent.push((answer.body as { message: ChatMessage }).message.id);
          else
            failures.push(
              `POST ${String(answer.status)} ${JSON.stringify(answer.body).slice(0, 120)}`,
            );
          // Well within the flood limit of 5 messages in 5 seconds.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
        }
      };
      const load = Promise.all([
        reader(loopback(13)),
        reader(loopback(14)),
        reader(loopback(15)),
        reader(loopback(16)),
        writer(),
      ]);

      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await pause(1_000);
      for (const index of [0, 1] as const) {
        await processes[index]!.stop();
        await pause(1_000);
        await start(index);
        // nginx tries a process it left out again after fail_timeout (10 s): wait it out, so
        // that the next stop does not leave it with none.
        await pause(11_000);
      }
      running = false;
      await load;

      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(100);
      expect(sent.length).toBeGreaterThan(10);
      await expect
        .poll(() => listeners.map(({ heard }) => sent.filter((id) => !heard.has(id)).length), {
          timeout: 10_000,
        })
        .toEqual([0, 0, 0, 0]);
      expect(await nginx.errors()).not.toMatch(/\[(emerg|alert|crit)\]/);
    },
  );
});
