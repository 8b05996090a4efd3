// One thread of `npm run bench:chat`'s load client: it holds whole rooms (their sockets and their
// senders), so the clock a message is stamped with at send is the clock it is read with at
// receipt. The main thread (chat.ts) tells it when to connect, send and stop.
import { parentPort, workerData } from 'node:worker_threads';
import { io as connect, type Socket } from 'socket.io-client';

export interface WorkerMember {
  cookie: string;
  csrf: string;
  address: string;
}

export interface WorkerRoom {
  roomId: number;
  /** Members of the room; each opens `socketsPerMember` sockets, spread over the servers. */
  members: WorkerMember[];
}

export interface WorkerSetup {
  servers: string[];
  origin: string;
  rooms: WorkerRoom[];
  socketsPerMember: number;
  /** Messages per second sent to each room. */
  ratePerRoom: number;
}

/** `warmUp` sends without timing: the servers' code paths get compiled first. */
export type ToWorker = { kind: 'send'; seconds: number; warmUp: boolean } | { kind: 'close' };

export type FromWorker =
  | { kind: 'connected'; sockets: number; failed: number; error?: string }
  | {
      kind: 'done';
      /** Send-to-receipt delay of every receipt, in ms. */
      latencies: Float64Array;
      /** Send-to-answer time of every POST answered 201, in ms. */
      answers: Float64Array;
      sent: number;
      sendErrors: number;
      /** Receipts expected: every socket of the room, for each message sent. */
      expected: number;
    }
  | { kind: 'closed' };

const setup = workerData as WorkerSetup;
const port = parentPort;
if (!port) throw new Error('chat-worker runs as a worker thread');

/** Wall-clock milliseconds with sub-millisecond resolution (one clock for this thread). */
const now = () => performance.timeOrigin + performance.now();

const sockets: Socket[] = [];
const latencies: number[] = [];
const answers: number[] = [];
let measuring = false;

function open(server: string, member: WorkerMember, roomId: number): Promise<Socket> {
  const socket = connect(server, {
    transports: ['websocket'],
    extraHeaders: {
      origin: setup.origin,
      cookie: member.cookie,
      'x-forwarded-for': member.address,
    },
    auth: { rooms: [roomId] },
    reconnection: false,
    forceNew: true,
  });
  socket.on('chat:message', (message: { body: string }) => {
    if (!measuring) return;
    const sentAt = Number(/^bench (\d+\.\d+)/.exec(message.body)?.[1]);
    if (Number.isFinite(sentAt)) latencies.push(now() - sentAt);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

async function connectAll() {
  const jobs: (() => Promise<Socket>)[] = [];
  let index = 0;
  for (const room of setup.rooms) {
    for (const member of room.members) {
      for (let copy = 0; copy < setup.socketsPerMember; copy += 1) {
        const server = setup.servers[index % setup.servers.length] ?? '';
        index += 1;
        jobs.push(() => open(server, member, room.roomId));
      }
    }
  }
  let failed = 0;
  let error: string | undefined;
  // A few handshakes at a time, as browsers arriving would (each one reads the session).
  const lanes = 50;
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < jobs.length) {
        const job = jobs[next];
        next += 1;
        try {
          if (job) sockets.push(await job());
        } catch (cause) {
          failed += 1;
          error ??= cause instanceof Error ? cause.message : String(cause);
        }
      }
    }),
  );
  port?.postMessage({
    kind: 'connected',
    sockets: sockets.length,
    failed,
    ...(error ? { error } : {}),
  } satisfies FromWorker);
}

async function sendFor(seconds: number, warmUp: boolean) {
  let sent = 0;
  let sendErrors = 0;
  let expected = 0;
  const roomSockets = setup.socketsPerMember;
  const interval = 1000 / setup.ratePerRoom;
  const inFlight = new Set<Promise<void>>();
  const send = (room: WorkerRoom, turn: number) => {
    const member = room.members[turn % room.members.length];
    const server = setup.servers[turn % setup.servers.length];
    if (!member || !server) return;
    const sentAt = now();
    const body = `bench ${sentAt.toFixed(3)}`;
    const request = fetch(`${server}/api/chat/rooms/${room.roomId}/messages`, {
      method: 'POST',
      headers: {
        cookie: member.cookie,
        origin: setup.origin,
        'x-csrf-token': member.csrf,
        'x-forwarded-for': member.address,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ body, nonce: crypto.randomUUID().replaceAll('-', '') }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 201) {
          if (measuring) answers.push(now() - sentAt);
          sent += 1;
          expected += room.members.length * roomSockets;
        } else sendErrors += 1;
      })
      .catch(() => {
        sendErrors += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  measuring = !warmUp;
  latencies.length = 0;
  answers.length = 0;
  const timers: NodeJS.Timeout[] = [];
  setup.rooms.forEach((room, index) => {
    let turn = 0;
    // Rooms start at staggered moments so the sends are spread over each interval.
    const offset = (interval * index) / Math.max(1, setup.rooms.length);
    timers.push(
      setTimeout(() => {
        send(room, turn++);
        timers.push(setInterval(() => send(room, turn++), interval));
      }, offset),
    );
  });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  for (const timer of timers) clearTimeout(timer);
  await Promise.all(inFlight);
  // Messages still on their way are counted for a moment after the last send is answered.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  measuring = false;
  port?.postMessage({
    kind: 'done',
    latencies: Float64Array.from(latencies),
    answers: Float64Array.from(answers),
    sent,
    sendErrors,
    expected,
  } satisfies FromWorker);
}

port.on('message', (message: ToWorker) => {
  if (message.kind === 'send') void sendFor(message.seconds, message.warmUp);
  if (message.kind === 'close') {
    for (const socket of sockets.splice(0)) socket.disconnect();
    port.postMessage({ kind: 'closed' } satisfies FromWorker);
  }
});

void connectAll();
