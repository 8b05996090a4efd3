import type { AdminUser } from '../../../shared/accounts';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** What the status column says; a block outranks a missing verification. */
export function accountStatus(user: AdminUser): string {
  if (user.block) {
    return user.block.until ? `Blocked until ${formatDateTime(user.block.until)}` : 'Blocked';
  }
  return user.emailVerified ? 'Active' : 'Unverified';
}
