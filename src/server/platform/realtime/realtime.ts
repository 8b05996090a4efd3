import type { IncomingHttpHeaders } from 'node:http';

/**
 * Two-way connections with the browsers on the app's HTTP server, grouped in named rooms:
 * Socket.IO, alone in one process or, given Redis, with every broadcast, `fetchSockets` and
 * `disconnectSockets` carried to the other processes so several processes behave as one site
 * (socket-io.ts). `Data` is what the app keeps on each connection.
 */
export interface Realtime<Data> {
  /**
   * Adds work done at each handshake, before the client hears it is connected (in the order
   * added). A rejection refuses the connection: the client sees the error's `message` and its
   * `data`, if it has one.
   */
  onHandshake(check: (socket: RealtimeSocket<Data>) => Promise<void>): void;
  /** Adds a handler run synchronously as each socket connects. */
  onConnection(handler: (socket: RealtimeSocket<Data>) => void): void;
  /** The sockets in any of `rooms`, on every process. */
  to(rooms: string | string[]): RealtimeRooms<Data>;
  /** The same as `to`: reads better before `socketsJoin`, `fetchSockets` and the like. */
  in(rooms: string | string[]): RealtimeRooms<Data>;
  /** Whether some socket of this process is in `room` (the others' are not known). */
  roomHasSocketsHere(room: string): boolean;
  /** Sockets open on this process. */
  socketsHere(): number;
  /** True when rooms span processes (Redis): a room empty here may have sockets elsewhere. */
  readonly spansProcesses: boolean;
  /**
   * Cuts every connection, without telling the clients to disconnect, and closes the
   * connections to Redis. A client told "disconnect" takes it as final; one whose connection
   * dropped reconnects (to another process, when this one stops for a restart) and catches up.
   * The HTTP server it runs on is left to its owner.
   */
  close(): Promise<void>;
}

/** The sockets of some rooms, on every process. */
export interface RealtimeRooms<Data> {
  /** Leaves out the sockets in any of `rooms`. */
  except(rooms: string | string[]): RealtimeRooms<Data>;
  emit(event: string, payload: unknown): void;
  socketsJoin(rooms: string | string[]): void;
  socketsLeave(rooms: string | string[]): void;
  /** Ends them, closing their connections. */
  disconnectSockets(close: true): void;
  fetchSockets(): Promise<{ readonly data: Data }[]>;
}

/** One browser's connection. */
export interface RealtimeSocket<Data> {
  data: Data;
  readonly rooms: ReadonlySet<string>;
  readonly handshake: {
    readonly headers: IncomingHttpHeaders;
    /** The client's address as the connection saw it. */
    readonly address: string;
    /** What the client sent with its handshake (`auth`); anything, to be checked. */
    readonly auth: Readonly<Record<string, unknown>>;
  };
  join(rooms: string | string[]): Promise<void> | void;
  leave(room: string): Promise<void> | void;
  /** Hears a client's event; an answer asked for comes as a function, the last argument. */
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  /** Sends to the other sockets in `rooms`, not to this one. */
  to(rooms: string | string[]): { emit(event: string, payload: unknown): unknown };
  /** Ends this socket, closing its connection. */
  disconnect(close: true): unknown;
}
