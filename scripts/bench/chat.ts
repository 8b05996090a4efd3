// `npm run bench:chat`: chat's delivery latency over the live channel. A load client (worker
// threads running socket.io-client) opens N sockets spread over rooms of 50, each socket asking
// for its room's events only; members send at a fixed rate over HTTP POST, each member under the
// flood limit and on its own client address (X-Forwarded-For, as a load balancer sets it); every
// socket of the room times the message from the moment its POST was sent. Measured on one
// server process and on two behind Redis, both on one PostgreSQL database made for the run.
//
//   npm run bench:chat -- --sockets 1000,5000 --processes 1,2 --seconds 10 --workers 2
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { chatRooms } from '../../src/server/schema.js';
import { openPostgres } from '../../src/server/platform/db/database.js';
import { buildAccount } from '../../src/server/test/factories.js';
import { signInRemote, type RemoteMember } from '../../src/server/test/remote-member.js';
import {
  createPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../../src/server/test/server-process.js';
import type { FromWorker, WorkerRoom, WorkerSetup } from './chat-worker.js';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return (index >= 0 ? process.argv[index + 1] : undefined) ?? fallback;
}
const numbers = (value: string) => value.split(',').map(Number);

const settings = {
  sockets: numbers(option('sockets', '1000,5000')),
  processes: numbers(option('processes', '1,2')),
  roomSize: Number(option('room-size', '50')),
  socketsPerMember: Number(option('sockets-per-member', '10')),
  /** Messages per second into each room (spread over its members, each under 5 per 5 s). */
  ratePerRoom: Number(option('rate', '1')),
  seconds: Number(option('seconds', '10')),
  warmUpSeconds: Number(option('warm-up', '3')),
  workers: Number(option('workers', '2')),
};
const databaseServer =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const origin = 'http://viewpoint.bench';
const secret = randomBytes(32).toString('hex');

const membersPerRoom = settings.roomSize / settings.socketsPerMember;
if (!Number.isInteger(membersPerRoom) || settings.ratePerRoom / membersPerRoom > 0.9) {
  throw new Error('each room needs whole members, each sending under 1 message a second');
}

interface Row {
  processes: number;
  sockets: number;
  connected: number;
  p50: number;
  p99: number;
  postP50: number;
  postP99: number;
  max: number;
  sentPerSecond: number;
  deliveredPerSecond: number;
  lost: number;
  sendErrors: number;
  bytesPerSocket: number;
  serverCpu: number;
  clientCpu: number;
  machineBusy: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN);

async function processCpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

async function machineTimes(): Promise<{ idle: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const values = line.split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { idle: (values[3] ?? 0) + (values[4] ?? 0), total };
}

function runWorker(setup: WorkerSetup) {
  // Worker threads do not inherit the tsx loader: the worker registers it, then loads its code.
  const entry = new URL('./chat-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: setup },
  );
  // Messages wait in `arrived` until asked for, and askers in `waiting` until one arrives.
  const arrived: FromWorker[] = [];
  const waiting: ((message: FromWorker) => void)[] = [];
  worker.on('message', (message: FromWorker) => {
    const asker = waiting.shift();
    if (asker) asker(message);
    else arrived.push(message);
  });
  worker.on('error', (error) => {
    process.stderr.write(`load worker failed: ${error.message}\n`);
    process.exit(1);
  });
  const nextMessage = () =>
    new Promise<FromWorker>((resolve) => {
      const message = arrived.shift();
      if (message) resolve(message);
      else waiting.push(resolve);
    });
  return { worker, nextMessage };
}

async function measure(
  servers: ServerProcess[],
  rooms: { roomId: number; members: RemoteMember[] }[],
  sockets: number,
): Promise<Row> {
  const used = rooms.slice(0, sockets / settings.roomSize);
  const rssBefore = (await Promise.all(servers.map((server) => server.rss()))).reduce(
    (a, b) => a + b,
  );
  const workers = Array.from({ length: settings.workers }, (_, index) => {
    const mine: WorkerRoom[] = used
      .filter((_, roomIndex) => roomIndex % settings.workers === index)
      .map((room) => ({
        roomId: room.roomId,
        members: room.members.map(({ cookie, csrf, address }) => ({ cookie, csrf, address })),
      }));
    return runWorker({
      servers: servers.map((server) => server.url),
      origin,
      rooms: mine,
      socketsPerMember: settings.socketsPerMember,
      ratePerRoom: settings.ratePerRoom,
    });
  });
  let connected = 0;
  for (const { nextMessage } of workers) {
    const message = await nextMessage();
    if (message.kind !== 'connected') throw new Error('load worker out of step');
    connected += message.sockets;
    if (message.failed > 0) {
      process.stderr.write(`${message.failed} sockets refused: ${message.error ?? ''}\n`);
    }
  }
  // Let the handshakes' garbage go before reading the memory the sockets hold.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rssAfter = (await Promise.all(servers.map((server) => server.rss()))).reduce(
    (a, b) => a + b,
  );

  for (const { worker } of workers) {
    worker.postMessage({ kind: 'send', seconds: settings.warmUpSeconds, warmUp: true });
  }
  await Promise.all(workers.map(({ nextMessage }) => nextMessage()));

  const cpuBefore = await Promise.all(servers.map((server) => processCpuMs(server.pid)));
  const clientBefore = process.cpuUsage();
  const machineBefore = await machineTimes();
  const started = performance.now();
  for (const { worker } of workers)
    worker.postMessage({ kind: 'send', seconds: settings.seconds, warmUp: false });
  const results = await Promise.all(workers.map(({ nextMessage }) => nextMessage()));
  const elapsed = performance.now() - started;
  const cpuAfter = await Promise.all(servers.map((server) => processCpuMs(server.pid)));
  const client = process.cpuUsage(clientBefore);
  const machineAfter = await machineTimes();

  let sent = 0;
  let expected = 0;
  let sendErrors = 0;
  const all: Float64Array[] = [];
  const answers: number[] = [];
  for (const result of results) {
    if (result.kind !== 'done') throw new Error('load worker out of step');
    sent += result.sent;
    expected += result.expected;
    sendErrors += result.sendErrors;
    all.push(result.latencies);
    answers.push(...result.answers);
  }
  const latencies = new Float64Array(all.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of all) {
    latencies.set(part, offset);
    offset += part.length;
  }
  latencies.sort();
  for (const { worker, nextMessage } of workers) {
    worker.postMessage({ kind: 'close' });
    await nextMessage();
    await worker.terminate();
  }
  const cpuMs = cpuAfter.reduce((sum, value, index) => sum + value - (cpuBefore[index] ?? 0), 0);
  const machineTotal = machineAfter.total - machineBefore.total;
  return {
    processes: servers.length,
    sockets,
    connected,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    postP50: percentile(Float64Array.from(answers).sort(), 0.5),
    postP99: percentile(Float64Array.from(answers).sort(), 0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    sentPerSecond: sent / settings.seconds,
    deliveredPerSecond: latencies.length / settings.seconds,
    lost: expected - latencies.length,
    sendErrors,
    bytesPerSocket: (rssAfter - rssBefore) / connected,
    serverCpu: cpuMs / elapsed,
    clientCpu: (client.user + client.system) / 1000 / elapsed,
    machineBusy: 1 - (machineAfter.idle - machineBefore.idle) / machineTotal,
  };
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (!(await reachable(databaseServer))) {
  throw new Error(`PostgreSQL is not reachable at ${databaseServer}: set BENCH_DATABASE_URL`);
}
const maxSockets = Math.max(...settings.sockets);
const roomCount = Math.ceil(maxSockets / settings.roomSize);
const database = await createPostgresDatabase(databaseServer, 'viewpoint_bench_chat');
// Stopped early (Ctrl-C, a timeout): no server process or bench database is left behind.
const running = new Set<ServerProcess>();
const starting = new Set<Promise<ServerProcess>>();
const start = async (env: Record<string, string>) => {
  const started = startServerProcess(env);
  starting.add(started);
  try {
    const server = await started;
    running.add(server);
    return server;
  } finally {
    starting.delete(started);
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled(starting)
      .then(() => Promise.all([...running].map((server) => server.kill())))
      .then(() => database.drop())
      .catch((error: unknown) => process.stderr.write(`${String(error)}\n`))
      .finally(() => process.exit(130));
  });
}
const rows: Row[] = [];
try {
  process.stdout.write(
    `preparing ${roomCount} rooms and ${roomCount * membersPerRoom} members in a fresh database\n`,
  );
  const db = await openPostgres(database.url, { max: 4 });
  const accounts = [];
  const roomIds: number[] = [];
  try {
    await db.migrate();
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    for (let index = 0; index < roomCount * membersPerRoom; index += 1) {
      accounts.push(await buildAccount(db.db, { createdAt: monthAgo }));
    }
    const created = await db.db
      .insert(chatRooms)
      .values(
        Array.from({ length: roomCount }, (_, index) => ({ name: `Bench room ${index + 1}` })),
      )
      .returning({ id: chatRooms.id });
    roomIds.push(...created.map((room) => room.id));
  } finally {
    await db.close();
  }

  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: secret,
    PUBLIC_URL: origin,
    TRUST_PROXY: 'true',
  };
  // Sessions are stored in the database: signed in once, they serve every server started below.
  const signing = await start(env);
  const members: RemoteMember[] = [];
  try {
    for (let start = 0; start < accounts.length; start += 8) {
      members.push(
        ...(await Promise.all(
          accounts
            .slice(start, start + 8)
            .map((account) => signInRemote(signing.url, account, { origin })),
        )),
      );
    }
  } finally {
    await signing.stop();
  }
  const rooms = roomIds.map((roomId, index) => ({
    roomId,
    members: members.slice(index * membersPerRoom, (index + 1) * membersPerRoom),
  }));

  for (const processes of settings.processes) {
    for (const sockets of settings.sockets) {
      process.stdout.write(`measuring ${sockets} sockets on ${processes} process(es)\n`);
      const servers = await Promise.all(
        Array.from({ length: processes }, () =>
          start(processes > 1 ? { ...env, REDIS_URL: redisUrl } : env),
        ),
      );
      try {
        rows.push(await measure(servers, rooms, sockets));
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  }
} finally {
  await database.drop();
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const percent = (value: number) => `${Math.round(value * 100)}%`;
process.stdout.write(
  `\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), PostgreSQL, rooms of ` +
    `${settings.roomSize} sockets (${membersPerRoom} members × ${settings.socketsPerMember} ` +
    `sockets), ${settings.ratePerRoom} message/s per room, ${settings.seconds} s per row, load ` +
    `client on ${settings.workers} worker threads on the same machine. Latency: from just before ` +
    `the POST to receipt at each socket of the room. CPU: share of one core.\n\n`,
);
process.stdout.write(
  '| processes | sockets | p50 ms | p99 ms | max ms | POST p50 / p99 ms | sent/s | delivered/s | lost | send errors | server KB/socket | server CPU | client CPU | machine busy |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n',
);
for (const row of rows) {
  process.stdout.write(
    `| ${row.processes}${row.processes > 1 ? ' + Redis' : ''} | ${row.connected}/${row.sockets} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ${ms(row.postP50)} / ${ms(row.postP99)} | ${row.sentPerSecond.toFixed(0)} | ${row.deliveredPerSecond.toFixed(0)} | ${row.lost} | ${row.sendErrors} | ${(row.bytesPerSocket / 1024).toFixed(1)} | ${percent(row.serverCpu)} | ${percent(row.clientCpu)} | ${percent(row.machineBusy)} |\n`,
  );
}
