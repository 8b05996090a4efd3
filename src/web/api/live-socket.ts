import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';

/**
 * The site's one live channel (Socket.IO on the page's own origin, signed in by the session
 * cookie), shared by the features that listen on it (chat, notifications). Only a signed-in
 * member with a verified email opens it, and this module is loaded only for them, so a visitor
 * downloads none of Socket.IO.
 */
let socket: Socket | null = null;
let holders = 0;

/** The app's one connection, opened on first use. */
export function liveSocket(): Socket {
  socket ??= io({ withCredentials: true, transports: ['websocket', 'polling'] });
  return socket;
}

/**
 * Keeps the connection open for one feature's listeners. The returned `release` closes it once
 * no feature holds it any more (sign-out, a block), so one feature letting go never cuts the
 * others off; the next `liveSocket()` then opens a new one. Each holder removes only its own
 * listeners, for the same reason.
 */
export function holdLiveSocket(): { socket: Socket; release: () => void } {
  const held = liveSocket();
  holders += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0 && socket === held) {
      held.disconnect();
      socket = null;
    }
  };
  return { socket: held, release };
}

const ackTimeoutMs = 5_000;

const refusal = z.object({
  ok: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
});

/**
 * Sends `event` and waits for the server's acknowledgement. Resolves with the answer's fields
 * (checked against `schema`) or null when the server refused, did not answer in time or is not
 * connected: presence and typing are best effort, nothing is written through this channel.
 */
export async function ask<T>(
  event: string,
  schema: z.ZodType<T>,
  ...args: unknown[]
): Promise<T | null> {
  const current = liveSocket();
  if (!current.connected) return null;
  try {
    const answer: unknown = await current.timeout(ackTimeoutMs).emitWithAck(event, ...args);
    if (refusal.safeParse(answer).success) return null;
    const parsed = schema.safeParse(answer);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Sends `event` without waiting for its acknowledgement (typing, activity). */
export function tell(event: string, ...args: unknown[]): void {
  const current = liveSocket();
  if (current.connected) current.emit(event, ...args, () => undefined);
}
