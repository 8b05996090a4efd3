import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationTypes, type NotificationType } from '../../../shared/notifications.js';
import { invalidArgument } from '../../../shared/errors.js';

/**
 * An e-mail's one-click unsubscribe link names the member and the type it switches off, signed
 * with the site's secret, so it works without signing in and cannot be forged for anyone else.
 */
const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, type: NotificationType): string {
  const body = Buffer.from(`${userId}:${type}`).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; type: NotificationType } {
  const refused = invalidArgument(
    'This unsubscribe link is not valid; change your e-mail settings on your account page instead',
  );
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw refused;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused;
  const decoded = Buffer.from(body, 'base64url').toString();
  const split = decoded.lastIndexOf(':');
  const userId = decoded.slice(0, split);
  const type = decoded.slice(split + 1);
  const known = notificationTypes.find((name) => name === type);
  if (split <= 0 || !known) throw refused;
  return { userId, type: known };
}
