import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The device cookie (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; decision
 * 039): a browser that signed in to an account carries the account and a random nonce, signed
 * with the site's secret. Its sign-in attempts on that account are counted against the cookie
 * alone, so strangers failing from the same address never lock it out.
 */
export const DEVICE_COOKIE = 'vp_device';

/** Only the sign-in routes read it; it rides on no other request. */
const devicePath = '/api/auth';
const deviceSeconds = 365 * 24 * 60 * 60;

export interface Device {
  userId: string;
  /** Names this browser's cookie: its failures are counted under it. */
  nonce: string;
}

/** The request's device cookie when the site signed it; null without one, or with a forged one. */
export function deviceOf(request: FastifyRequest): Device | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const cut = unsigned.value.lastIndexOf(':');
  const userId = unsigned.value.slice(0, cut);
  const nonce = unsigned.value.slice(cut + 1);
  return cut > 0 && nonce.length > 0 ? { userId, nonce } : null;
}

/** A fresh device cookie for the account this browser just signed in to. */
export function giveDeviceCookie(reply: FastifyReply, userId: string, secure: boolean): void {
  const nonce = randomBytes(16).toString('base64url');
  void reply.setCookie(DEVICE_COOKIE, `${userId}:${nonce}`, {
    path: devicePath,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: deviceSeconds,
  });
}
