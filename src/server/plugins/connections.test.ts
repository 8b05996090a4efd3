import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testOrigin } from '../test/auth-helpers.js';
import { person } from '../test/factories.js';
import { answerOf, connectRaw, exchangeRaw, type RawAnswer } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The HTTP server's edge over real connections (decision 038): a stalled body is answered 408
 * in the envelope, a slow but steady one is not cut, the whole request has a deadline, an
 * address holds a bounded number of connections (a trusted proxy any number), and HTTP/1.1
 * without Host gets the envelope.
 */
const idleMs = 400;
const totalMs = 1_500;
const perAddress = 3;

async function listening(env: Record<string, string>): Promise<{ t: TestApp; port: number }> {
  const t = await createTestApp({ serveWeb: false, env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

const signInHead = (length: number) =>
  'POST /api/auth/sign-in HTTP/1.1\r\nHost: viewpoint.test\r\nOrigin: http://viewpoint.test\r\nConnection: close\r\n' +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/**
 * Resolves once the server holds no connection and has run each one's 'close', where the bound
 * for one address counts it gone: a test that left sockets closing must not have the next
 * test's connection refused.
 */
async function allClosed(t: TestApp) {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    if (open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // The count drops as a socket is destroyed; its 'close' listeners run on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
}

const wrongSignIn = JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password-x' });

function expectTimedOut(answer: RawAnswer) {
  expect(answer.status, answer.head).toBe(408);
  expect(JSON.parse(answer.body)).toEqual({
    error: { code: 'deadline-exceeded', message: 'The request did not arrive in time' },
  });
}

/** Writes `text` one piece every `gapMs`, as a slow phone uploads. */
function trickle(socket: Socket, text: string, pieces: number, gapMs: number): () => void {
  const size = Math.ceil(text.length / pieces);
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text.slice(sent, sent + size));
    sent += size;
  }, gapMs);
  return () => clearInterval(timer);
}

describe('the edge of the HTTP server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({
      REQUEST_STALL_MS: String(idleMs),
      REQUEST_TIMEOUT_MS: String(totalMs),
      CONNECTIONS_PER_IP: String(perAddress),
    }));
  });
  afterEach(() => allClosed(t));
  afterAll(() => t.close());

  it('answers a body that stops arriving with 408 in the envelope, and closes', async () => {
    const socket = await connectRaw(port);
    const answer = answerOf(socket);
    const started = Date.now();
    socket.write(`${signInHead(100)}{`);
    expectTimedOut(await answer);
    expect(Date.now() - started).toBeGreaterThanOrEqual(idleMs - 50);
    expect(Date.now() - started).toBeLessThan(totalMs);
  });

  it('lets a slow body that keeps coming finish, though it takes longer than a stall', async () => {
    const body = wrongSignIn.padEnd(120, ' ');
    const socket = await connectRaw(port);
    const answer = answerOf(socket);
    socket.write(signInHead(body.length));
    const started = Date.now();
    trickle(socket, body, 4, idleMs / 2);
    const { status, body: text } = await answer;
    // Four pieces, half a stall apart: longer in all than one stall, never idle for one.
    expect(Date.now() - started).toBeGreaterThan(idleMs);
    expect(status).toBe(401);
    expect(JSON.parse(text).error.code).toBe('unauthenticated');
  });

  it('answers 408 once the whole request took longer than allowed, however steady', async () => {
    const body = wrongSignIn.padEnd(400, ' ');
    const socket = await connectRaw(port);
    const answer = answerOf(socket);
    socket.write(signInHead(body.length));
    const stop = trickle(socket, body, 100, idleMs / 4);
    expectTimedOut(await answer);
    stop();
  });

  it('leaves a live channel long poll open past a stall: the server holds it, not the client', async () => {
    const member = await person(t);
    const cookie = [...member.agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['polling'],
      extraHeaders: { origin: testOrigin, cookie },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const dropped = new Promise<string>((resolve) =>
        socket.once('disconnect', (reason) => resolve(`disconnected: ${reason}`)),
      );
      // The server pings after its ping interval, answering a poll it held that long.
      const pinged = new Promise<string>((resolve) =>
        socket.io.engine.once('ping', () => resolve('pinged')),
      );
      expect(await Promise.race([pinged, dropped])).toBe('pinged');
    } finally {
      socket.disconnect();
    }
  });

  it('closes connections beyond the bound for one address, and takes new ones as others close', async () => {
    const held = await Promise.all(Array.from({ length: perAddress }, () => connectRaw(port)));
    const refused = await connectRaw(port);
    const refusal = await answerOf(refused);
    expect(refusal.status).toBe(0);
    expect(refusal.head).toBe('');

    const [first, ...rest] = held;
    const closed = answerOf(first as Socket);
    first?.end();
    await closed;
    // The server counts the connection gone on its own 'close', which may come a moment after
    // the client's: a new one is taken once it has.
    const site = () =>
      exchangeRaw(
        port,
        'GET /api/site HTTP/1.1\r\nHost: viewpoint.test\r\nConnection: close\r\n\r\n',
      );
    let answer = await site();
    for (let tries = 0; answer.status !== 200 && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await site();
    }
    expect(answer.status).toBe(200);
    for (const socket of rest) socket.destroy();
  });

  it('refuses HTTP/1.1 without Host in the envelope', async () => {
    const answer = await exchangeRaw(port, 'GET /api/site HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.head).toMatch(/^x-request-id: [0-9a-f-]{36}$/im);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'invalid-argument', message: 'The request has no Host header' },
    });
  });

  it('serves HTTP/1.0 without Host, which that version allows', async () => {
    const site = await exchangeRaw(port, 'GET /api/site HTTP/1.0\r\n\r\n');
    expect(site.status).toBe(200);
    expect(JSON.parse(site.body).name).toBe('Viewpoint');
    const missing = await exchangeRaw(port, 'GET /api/nothing-here HTTP/1.0\r\n\r\n');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error.code).toBe('not-found');
  });
});

describe('behind a trusted reverse proxy', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({
      CONNECTIONS_PER_IP: String(perAddress),
      TRUST_PROXY: '127.0.0.1',
    }));
  });
  afterAll(() => t.close());

  it("never bounds the proxy's connections: every client arrives on them", async () => {
    const held = await Promise.all(Array.from({ length: perAddress + 2 }, () => connectRaw(port)));
    const answer = await exchangeRaw(
      port,
      'GET /api/site HTTP/1.1\r\nHost: viewpoint.test\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
    for (const socket of held) socket.destroy();
  });
});
