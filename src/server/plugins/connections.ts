import {
  STATUS_CODES,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { AppError, invalidArgument } from '../../shared/errors.js';
import type { Config } from '../config.js';

/**
 * The HTTP server's edge: how long a client may take to send its request, how many connections
 * one address may hold, and the Host header HTTP/1.1 requires (decision 038).
 */

/** What each connection is answering now, so a timeout knows whether an answer has begun. */
const answering = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();

/** True while the connection's current answer has sent its status line: nothing may be added. */
function answerStarted(socket: Socket): boolean {
  return answering.get(socket)?.response.headersSent === true;
}

/**
 * A request that stopped arriving, or took longer than the server allows, is the client's
 * delay: 408, not the catalogue's 504 for deadline-exceeded (decision 038).
 */
export const requestTimedOut = new AppError(
  'deadline-exceeded',
  'The request did not arrive in time',
  undefined,
  408,
);

/**
 * Fastify's and Node's timeouts from the configuration. `connectionTimeout` is the socket's
 * idle time (no byte in either direction), which the `timeout` listener below turns into a 408
 * for a stalled body; `requestTimeout` bounds the whole request however steadily it trickles in;
 * the headers, which any client sends at once, may take no longer than a stall. Node checks the
 * last two every `connectionsCheckingInterval`, here a quarter of the headers' time.
 */
export function connectionOptions(
  config: Pick<Config, 'requestStallMs' | 'requestTimeoutMs'>,
): Pick<FastifyServerOptions, 'connectionTimeout' | 'requestTimeout'> & { http: ServerOptions } {
  const headersTimeout = config.requestStallMs;
  return {
    connectionTimeout: config.requestStallMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Answered by the onRequest hook below, in the envelope, instead of Node's empty 400.
      requireHostHeader: false,
      headersTimeout,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(headersTimeout / 4))),
    },
  };
}

/** The key an address is counted under: an IPv4 client looks the same on a dual-stack socket. */
const addressKey = (address: string) =>
  address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;

/**
 * Counts the open connections of each client address and closes any beyond `perAddress` at
 * once. A trusted reverse proxy's address (TRUST_PROXY) is never bound: every client behind it
 * arrives on its connections, and the proxy is where each client's connections are bounded.
 */
function boundConnections(
  app: FastifyInstance,
  options: { perAddress: number; isProxy: (address: string) => boolean },
) {
  const open = new Map<string, number>();
  const refusing = new Set<string>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || options.isProxy(address)) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= options.perAddress) {
      // Logged once while an address is held at its bound, not for each connection of a flood.
      if (!refusing.has(key)) {
        refusing.add(key);
        app.log.warn({ address: key }, 'refusing connections beyond the bound for one address');
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < options.perAddress) refusing.delete(key);
    });
  });
}

/**
 * A connection with no byte in either direction for `connectionTimeout`: a body that stopped
 * arriving gets 408 in the envelope; an answer the client stopped reading, or a connection
 * with no request under way, is closed; a handler still at work is left to finish (the
 * connection is looked at again after another idle period).
 */
function answerStalls(app: FastifyInstance, idleMs: number) {
  const track = (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    answering.set(socket, { request, response });
    const done = () => {
      if (answering.get(socket)?.response === response) answering.delete(socket);
    };
    response.once('finish', done);
    response.once('close', done);
  };
  // Once the app is built: Socket.IO takes over the `request` listeners present when it attaches
  // and calls them only for other paths, and its long polls are requests to watch too.
  app.addHook('onReady', (done) => {
    app.server.on('request', track);
    done();
  });
  app.server.on('timeout', (socket: Socket) => {
    const current = answering.get(socket);
    if (!current) {
      socket.destroy();
      return;
    }
    const { request, response } = current;
    if (response.headersSent) {
      socket.destroy();
      return;
    }
    // Reading began (a body parser or an upload is waiting for it) and the body stopped coming.
    if (!request.complete && request.readableFlowing !== null) {
      writeEnvelope(socket, requestTimedOut);
      return;
    }
    socket.setTimeout(idleMs);
  });
}

/**
 * Writes an answer in the envelope straight to the socket, then closes it: for requests the
 * server will not finish reading (a refused or stalled one), where no answer has begun.
 */
export function writeEnvelope(socket: Socket, error: AppError): void {
  const body = JSON.stringify(error.toEnvelope());
  if (socket.writable && !answerStarted(socket)) {
    socket.write(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The edge of the HTTP server (decision 038): stalled bodies answered 408, connections bounded
 * per address, and an HTTP/1.1 request without Host refused in the envelope (RFC 9112 §3.2;
 * HTTP/1.0 may leave it out).
 */
export function registerConnections(
  app: FastifyInstance,
  config: Pick<Config, 'requestStallMs' | 'connectionsPerIp' | 'trustProxy'>,
) {
  const { trustProxy } = config;
  const isProxy = (address: string) =>
    typeof trustProxy === 'function' ? trustProxy(address, 0) : trustProxy;
  answerStalls(app, config.requestStallMs);
  if (config.connectionsPerIp > 0) {
    boundConnections(app, { perAddress: config.connectionsPerIp, isProxy });
  }
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      done(invalidArgument('The request has no Host header'));
      return;
    }
    done();
  });
}
