import type { AdminUser } from '../../../shared/accounts';
import { formatDateTime } from '../../components/format-time';

/** A mute whose end has passed silences no more, whatever the list last said. */
export function isMuted(user: AdminUser, now = Date.now()): boolean {
  return user.mute !== null && Date.parse(user.mute.until) > now;
}

/** What the status column says: a block outranks a mute, which outranks a missing verification. */
export function accountStatus(user: AdminUser): string {
  if (user.block) {
    return user.block.until ? `Blocked until ${formatDateTime(user.block.until)}` : 'Blocked';
  }
  if (user.mute && isMuted(user)) return `Muted until ${formatDateTime(user.mute.until)}`;
  return user.emailVerified ? 'Active' : 'Unverified';
}

export function statusColor(user: AdminUser): string {
  if (user.block) return 'red';
  if (isMuted(user)) return 'orange';
  return user.emailVerified ? 'green' : 'gray';
}
