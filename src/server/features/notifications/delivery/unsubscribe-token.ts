import { notificationTypes, type NotificationType } from '../../../../shared/notifications.js';
import { invalidArgument } from '../../../../shared/errors.js';
import { readSignedToken, signedToken } from '../../../core/signed-token.js';

/**
 * An e-mail's one-click unsubscribe link names the member and the type it switches off, signed
 * with the site's secret, so it works without signing in and cannot be forged for anyone else.
 */
const purpose = 'unsubscribe';

export function unsubscribeToken(secret: string, userId: string, type: NotificationType): string {
  return signedToken(secret, purpose, `${userId}:${type}`);
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; type: NotificationType } {
  const refused = invalidArgument(
    'This unsubscribe link is not valid; change your e-mail settings on your account page instead',
  );
  const decoded = readSignedToken(secret, purpose, token);
  if (decoded === null) throw refused;
  const split = decoded.lastIndexOf(':');
  const userId = decoded.slice(0, split);
  const type = decoded.slice(split + 1);
  const known = notificationTypes.find((name) => name === type);
  if (split <= 0 || !known) throw refused;
  return { userId, type: known };
}
