/**
 * Tests only: Socket.IO's client is outside the project, so a test plays the server through this
 * stand-in. Use it with
 * `vi.mock('socket.io-client', async () => ({ io: (await import('…/fake-live-socket')).fakeIo }))`.
 */
type Listener = (...args: unknown[]) => void;

const listeners = new Map<string, Set<Listener>>();
const answers = new Map<string, (...args: unknown[]) => unknown>();
/** What the page sent, acknowledged or not: `[event, ...args]`. */
const sent: unknown[][] = [];

const socket = {
  connected: true,
  on(event: string, listener: Listener) {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)?.add(listener);
    return socket;
  },
  off(event: string, listener: Listener) {
    listeners.get(event)?.delete(listener);
    return socket;
  },
  emit(...args: unknown[]) {
    sent.push(args);
    return socket;
  },
  timeout() {
    return {
      emitWithAck: (event: string, ...args: unknown[]) => {
        sent.push([event, ...args]);
        return Promise.resolve(answers.get(event)?.(...args) ?? { ok: true });
      },
    };
  },
  connect() {},
  disconnect() {},
};

/** `io()` of the stand-in: always the one socket. */
export const fakeIo = () => socket;

export const fakeLive = {
  /** The server sends `event` to this client. */
  serverSends(event: string, ...args: unknown[]) {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  },
  listensTo: (event: string) => (listeners.get(event)?.size ?? 0) > 0,
  /** How the server acknowledges `event` (`{ ok: true }` unless told otherwise). */
  answers(event: string, answer: (...args: unknown[]) => unknown) {
    answers.set(event, answer);
  },
  /** What the page sent of `event`: each time, its arguments. */
  sentOf: (event: string) => sent.filter(([name]) => name === event).map(([, ...args]) => args),
  reset() {
    listeners.clear();
    answers.clear();
    sent.length = 0;
  },
};
