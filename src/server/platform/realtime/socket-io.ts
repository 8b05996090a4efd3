import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type DefaultEventsMap } from 'socket.io';
import type { Realtime, RealtimeSocket } from './realtime.js';

export interface SocketIoOptions {
  server: HttpServer;
  /** The site's origin: a handshake from any other is refused. */
  origin: string;
  /** Redis for the adapter (two connections are made from it); in process without. */
  redis: Redis | undefined;
  /** Prefix of the adapter's channels: keeps apps sharing one Redis apart. */
  key: string;
  logger: Logger;
}

/**
 * The Socket.IO Redis adapter sends its commands (a broadcast's publish, an unsubscribe as it
 * closes) without waiting for them. With Redis out of reach they fail, and a failure nobody
 * waits for would end the process: each command's failure is heard here (and logged), while a
 * caller that does wait still gets it (decision 040).
 */
function heardWhenFailing(client: Redis, log: Logger): void {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    const [command] = args;
    command.promise.catch((error: unknown) =>
      log.warn({ err: error, command: command.name }, 'live channel: a Redis command failed'),
    );
    return send(...args);
  };
}

type SocketIoServer<Data> = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, Data>;

/** What both the attached and the detached channel do with Socket.IO's server. */
function realtimeOf<Data>(
  io: SocketIoServer<Data>,
  spansProcesses: boolean,
  close: () => Promise<void>,
): Realtime<Data> {
  return {
    onHandshake(check) {
      io.use((socket, next) => {
        check(socket).then(
          () => next(),
          (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
    onConnection(handler: (socket: RealtimeSocket<Data>) => void) {
      io.on('connection', handler);
    },
    to: (rooms) => io.to(rooms),
    in: (rooms) => io.in(rooms),
    roomHasSocketsHere: (room) => io.sockets.adapter.rooms.has(room),
    socketsHere: () => io.of('/').sockets.size,
    spansProcesses,
    close,
  };
}

/** Socket.IO on `options.server` (path `/socket.io`), across processes through Redis if given. */
export async function openRealtime<Data>(options: SocketIoOptions): Promise<Realtime<Data>> {
  const redisClients: Redis[] = [];
  const io: SocketIoServer<Data> = new Server(options.server, {
    serveClient: false,
    // A socket that goes quiet is noticed within ~20 s; the client then reconnects and catches up.
    pingInterval: 10_000,
    pingTimeout: 10_000,
    maxHttpBufferSize: 16 * 1024,
    allowRequest: (request, callback) => {
      // Browsers always send Origin on websockets and cross-origin requests.
      callback(null, request.headers.origin === options.origin);
    },
  });

  if (options.redis) {
    const publisher = options.redis.duplicate({ lazyConnect: true, enableOfflineQueue: true });
    const subscriber = options.redis.duplicate({ lazyConnect: true, enableOfflineQueue: true });
    heardWhenFailing(publisher, options.logger);
    heardWhenFailing(subscriber, options.logger);
    publisher.on('error', (error: Error) => options.logger.warn({ err: error }, 'live publisher'));
    subscriber.on('error', (error: Error) =>
      options.logger.warn({ err: error }, 'live subscriber'),
    );
    // Loaded only where Redis is configured (decision 031: a process loads what it uses).
    const [{ createAdapter }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      publisher.connect(),
      subscriber.connect(),
    ]);
    redisClients.push(publisher, subscriber);
    io.adapter(createAdapter(publisher, subscriber, { key: options.key }));
  }

  return realtimeOf(io, options.redis !== undefined, async () => {
    // The connections are cut, not ended: a client told "disconnect" by the server takes it
    // as final (a block) and stays away, where one whose connection dropped reconnects, to
    // another process when this one is stopping for a restart, and asks what it missed.
    // Closing Socket.IO itself would close the HTTP server it is attached to: Fastify does.
    io.engine.close();
    await Promise.allSettled(redisClients.map((client) => client.quit()));
  });
}

/**
 * A channel attached to no HTTP server (the command line, where no one listens): broadcasts go
 * nowhere and there is nothing to close.
 */
export function detachedRealtime<Data>(): Realtime<Data> {
  const io: SocketIoServer<Data> = new Server();
  return realtimeOf(io, false, () => Promise.resolve());
}
