import { describe, expect, it, vi } from 'vitest';
import { holdLiveSocket, liveSocket } from './live-socket';

/** Socket.IO's client is outside the project: each `io()` hands out a new stand-in. */
const opened = vi.hoisted(() => [] as { disconnect: ReturnType<typeof vi.fn> }[]);
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = { disconnect: vi.fn() };
    opened.push(socket);
    return socket;
  },
}));

describe('the shared live socket', () => {
  it('stays open while any feature holds it, and closes when the last lets go', () => {
    const chat = holdLiveSocket();
    const notifications = holdLiveSocket();
    expect(notifications.socket).toBe(chat.socket);
    expect(opened).toHaveLength(1);

    chat.release();
    chat.release();
    expect(opened[0]?.disconnect).not.toHaveBeenCalled();
    expect(liveSocket()).toBe(notifications.socket);

    notifications.release();
    expect(opened[0]?.disconnect).toHaveBeenCalledOnce();

    // Signed in again: a new connection, with the new session's cookie.
    const again = holdLiveSocket();
    expect(again.socket).not.toBe(chat.socket);
    expect(opened).toHaveLength(2);
    again.release();
  });
});
