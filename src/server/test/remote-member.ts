import { io as connect, type Socket } from 'socket.io-client';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/csrf.js';
import { testPassword } from './auth-helpers.js';

/**
 * A member signed in over real HTTP to a server process, as a browser behind a load balancer
 * would be: the site's Origin on every request, the CSRF token on writes, and the member's own
 * client address in X-Forwarded-For (the processes run with TRUST_PROXY). A session works on
 * every process sharing the database and AUTH_SECRET.
 */
export interface RemoteMember {
  /** The `cookie` header: the session and the CSRF cookie. */
  cookie: string;
  csrf: string;
  /** The member's client address, sent as X-Forwarded-For. */
  address: string;
  /** Sends a request to the process at `base`; answers its status and parsed JSON body. */
  request<T = unknown>(
    base: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<RemoteAnswer<T>>;
}

export interface RemoteAnswer<T> {
  status: number;
  body: T;
}

const cookiePairs = (response: Response) =>
  response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

/** A random private address per member (10.x.y.z), so no two runs share a rate-limit key. */
export const randomAddress = () =>
  `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

export async function signInRemote(
  base: string,
  user: { email: string },
  options: { origin: string; address?: string; password?: string },
): Promise<RemoteMember> {
  const address = options.address ?? randomAddress();
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: options.origin,
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ email: user.email, password: options.password ?? testPassword }),
  });
  if (!response.ok) {
    throw new Error(`sign-in of ${user.email} failed: ${response.status} ${await response.text()}`);
  }
  const pairs = cookiePairs(response);
  const cookie = pairs.join('; ');
  const csrf = decodeURIComponent(
    pairs.find((pair) => pair.startsWith(`${CSRF_COOKIE}=`))?.slice(CSRF_COOKIE.length + 1) ?? '',
  );
  return {
    cookie,
    csrf,
    address,
    async request<T>(
      url: string,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      path: string,
      body?: unknown,
    ) {
      const answer = await fetch(`${url}${path}`, {
        method,
        headers: {
          cookie,
          origin: options.origin,
          'x-forwarded-for': address,
          ...(method === 'GET' ? {} : { [CSRF_HEADER]: csrf }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await answer.text();
      return { status: answer.status, body: (text ? JSON.parse(text) : null) as T };
    },
  };
}

/**
 * Opens a live socket for `member` on the process at `base`, as the web app does (websocket,
 * the session cookie, the site's Origin); `rooms` asks for those chat rooms' events only.
 * Answers once connected, or rejects with the handshake's refusal.
 */
export function openLiveSocket(
  base: string,
  member: Pick<RemoteMember, 'cookie' | 'address'>,
  options: { origin: string; rooms?: number[] },
): Promise<Socket> {
  const socket = connect(base, {
    transports: ['websocket'],
    extraHeaders: {
      origin: options.origin,
      cookie: member.cookie,
      'x-forwarded-for': member.address,
    },
    reconnection: false,
    forceNew: true,
    ...(options.rooms ? { auth: { rooms: options.rooms } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}
