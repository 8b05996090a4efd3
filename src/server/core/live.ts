import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { can } from '../../shared/permissions.js';
import type { Role } from '../../shared/roles.js';
import type { Realtime, RealtimeSocket } from '../platform/realtime/realtime.js';

/**
 * The site's one live channel (the realtime platform: Socket.IO on the HTTP server, path
 * `/socket.io`). A socket is a
 * signed-in member with a verified email, checked at the handshake from the session cookie, on
 * a request from the site's own origin. Every socket is in the room `user:<id>` of its member,
 * so a feature can reach a member's every browser and tab (`toMember`, `disconnectMember`),
 * and a moderator's also in `moderators`;
 * features add their own rooms and events through `onConnection`.
 *
 * With Redis (REDIS_URL) the platform carries every broadcast, `fetchSockets` and
 * `disconnectSockets` to the other processes, so several processes behave as one site.
 */
export interface LiveMember {
  id: string;
  username: string | null;
  name: string;
  image: string | null;
  role: Role | null;
}

export interface LiveSocketData {
  member: LiveMember;
  /** When the member last did something (ms); present members idle after a few minutes. */
  activeAt: number;
}

/** Events are validated where they are handled (src/shared/chat.ts names them). */
export type LiveSocket = RealtimeSocket<LiveSocketData>;
export type LiveServer = Realtime<LiveSocketData>;

/** The refusal of a handshake, as the client sees it in `connect_error` (`error.data`). */
export class LiveRefusal extends Error {
  readonly data: { code: string };
  constructor(code: string, message: string) {
    super(message);
    this.data = { code };
  }
}

export interface Live {
  /** The channel's rooms, for a feature's own broadcasts (`io.to(room).emit(…)`). */
  readonly io: LiveServer;
  /**
   * Adds work done at the handshake, after the member is known and before the client hears it is
   * connected: joining the rooms whose broadcasts it must not miss. A failure refuses the socket.
   */
  onHandshake(handler: (socket: LiveSocket) => Promise<void>): void;
  /**
   * Adds a connection handler: each feature's events. It runs synchronously as the socket
   * connects, so no event the client sends at once goes unheard.
   */
  onConnection(handler: (socket: LiveSocket) => void): void;
  /** Sends `event` to every socket of a member, on every process. */
  toMember(memberId: string, event: string, payload: unknown): void;
  /**
   * False only when the member surely has no open socket: known in one process; with Redis
   * another process may hold one, so always true there.
   */
  mayBeOnline(memberId: string): boolean;
  /**
   * Ends every socket of a member at once, on every process (a block, a password reset, a
   * deleted account), and once more when the session checks other processes remember
   * (`recheckAfterMs`) have expired: a socket that opened in between, through a process that
   * still remembered the session, ends then. So do the two below.
   */
  disconnectMember(memberId: string): void;
  /** Ends every socket of one session (sign-out, a session signed out from the account page). */
  disconnectSession(session: string): void;
  /**
   * A member's role changed: their sockets, on every process, join or leave the moderators'
   * room at once, so a demoted moderator hears nothing more meant for moderators.
   */
  roleChanged(memberId: string, role: Role | null): void;
  /**
   * A password change: the browser that made it had its session `was` replaced by `now`. Its
   * sockets stay, as sockets of `now`; every other socket of the member ends.
   */
  keepOnlySession(memberId: string, sessions: { was: string; now: string }): void;
  close(): Promise<void>;
}

/** What a client's event is answered: `{ ok: true, …result }`, or a catalogued error. */
type LiveAnswer = { ok: true } | { ok: false; error: { code: string; message: string } };

/**
 * Handles a client's `event` on `socket`: its payload is checked by `input.schema` (refused with
 * `input.invalid` otherwise), then `run` answers with its result or a catalogued error; anything
 * else is logged and answered as our own failure, and ends nothing. A client that asks for no
 * answer gets none.
 */
export function handleLiveEvent<T>(
  socket: LiveSocket,
  event: string,
  input: { schema: z.ZodType<T>; invalid: string },
  run: (value: T) => Promise<object | void>,
  logger: Logger,
): void {
  socket.on(event, (raw: unknown, ack?: unknown) => {
    const reply = (answer: LiveAnswer) => {
      if (typeof ack === 'function') (ack as (answer: unknown) => void)(answer);
    };
    const parsed = input.schema.safeParse(raw);
    if (!parsed.success) {
      reply({ ok: false, error: { code: 'invalid-argument', message: input.invalid } });
      return;
    }
    run(parsed.data)
      .then((result) => reply({ ok: true, ...(result ?? {}) }))
      .catch((error: unknown) => {
        if (error instanceof AppError) {
          reply({ ok: false, error: { code: error.code, message: error.message } });
          return;
        }
        logger.error({ err: error, event }, 'live event failed');
        reply({
          ok: false,
          error: { code: 'internal', message: 'Something went wrong on our side' },
        });
      });
  });
}

export const memberRoom = (memberId: string) => `user:${memberId}`;
/**
 * Every socket of a member who moderates content: what only moderators may hear (a hidden
 * message's reason) goes here. Joined at the handshake by role; `roleChanged` moves a member's
 * sockets in or out at once.
 */
export const moderatorsRoom = 'moderators';
const moderates = (role: Role | null) => can(role, 'content.moderate');
/** A session's sockets; `session` is its key (core/session-cookie.ts liveSessionKey). */
const sessionRoom = (session: string) => `session:${session}`;

export interface LiveOptions {
  /** The realtime platform, open on the app's HTTP server. */
  realtime: LiveServer;
  /** Who a handshake's cookie belongs to, and its session's key; null when nobody is signed in. */
  authenticate: (request: {
    headers: IncomingHttpHeaders;
    address: string;
  }) => Promise<{ member: LiveMember; session: string } | null>;
  /** How long a process may remember a session check (SESSION_CACHE_MS). */
  recheckAfterMs: number;
  logger: Logger;
}

export function createLive(options: LiveOptions): Live {
  const handshakes: ((socket: LiveSocket) => Promise<void>)[] = [];
  const handlers: ((socket: LiveSocket) => void)[] = [];
  const rechecks = new Set<NodeJS.Timeout>();
  const io = options.realtime;

  /** Ends sockets now, and again once other processes' remembered session checks expired. */
  function endNowAndAfterRecheck(end: () => void) {
    end();
    const again = setTimeout(() => {
      rechecks.delete(again);
      end();
    }, options.recheckAfterMs + 250);
    rechecks.add(again);
  }

  io.onHandshake(async (socket) => {
    try {
      const { headers, address } = socket.handshake;
      const signedIn = await options.authenticate({ headers, address });
      if (!signedIn) throw new LiveRefusal('unauthenticated', 'Sign in to use the live channel');
      const { member, session } = signedIn;
      socket.data.member = member;
      socket.data.activeAt = Date.now();
      await socket.join([
        memberRoom(member.id),
        sessionRoom(session),
        ...(moderates(member.role) ? [moderatorsRoom] : []),
      ]);
      await Promise.all(handshakes.map((handshake) => handshake(socket)));
    } catch (error) {
      if (error instanceof LiveRefusal) throw error;
      options.logger.error({ err: error }, 'live handshake failed');
      throw new LiveRefusal('unavailable', 'The live channel is unavailable');
    }
  });

  io.onConnection((socket) => {
    for (const handler of handlers) {
      try {
        handler(socket);
      } catch (error) {
        // One feature's mistake ends this socket, not the process.
        options.logger.error({ err: error }, 'live connection handler failed');
        socket.disconnect(true);
        return;
      }
    }
  });

  return {
    io,
    onHandshake(handler) {
      handshakes.push(handler);
    },
    onConnection(handler) {
      handlers.push(handler);
    },
    toMember(memberId, event, payload) {
      io.to(memberRoom(memberId)).emit(event, payload);
    },
    mayBeOnline(memberId) {
      return io.spansProcesses || io.roomHasSocketsHere(memberRoom(memberId));
    },
    disconnectMember(memberId) {
      endNowAndAfterRecheck(() => io.in(memberRoom(memberId)).disconnectSockets(true));
    },
    disconnectSession(session) {
      endNowAndAfterRecheck(() => io.in(sessionRoom(session)).disconnectSockets(true));
    },
    roleChanged(memberId, role) {
      const sockets = io.in(memberRoom(memberId));
      if (moderates(role)) sockets.socketsJoin(moderatorsRoom);
      else sockets.socketsLeave(moderatorsRoom);
    },
    keepOnlySession(memberId, { was, now }) {
      // Joined first: the adapter carries both to the other processes in this order.
      io.in(sessionRoom(was)).socketsJoin(sessionRoom(now));
      endNowAndAfterRecheck(() =>
        io.in(memberRoom(memberId)).except(sessionRoom(now)).disconnectSockets(true),
      );
    },
    async close() {
      for (const recheck of rechecks) clearTimeout(recheck);
      // Cut, not told to disconnect: their clients reconnect (to another process when this one
      // stops for a restart) and ask what they missed (platform/realtime).
      await io.close();
    },
  };
}
