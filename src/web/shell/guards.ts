import type { MantineColor } from '@mantine/core';
import { can, lowestRoleWith } from '../../shared/permissions';
import { roleHolds, roleLabels } from '../../shared/roles';
import type { RouteFlags } from '../../shared/routes';
import type { AuthState } from './auth-state';

export interface GuardNotice {
  title: string;
  description: string;
  color: MantineColor;
}

export type GuardResult =
  { allowed: true } | { allowed: false; notice: GuardNotice; redirectTo: string };

function deny(title: string, description: string, color: MantineColor, redirectTo: string) {
  return { allowed: false, notice: { title, description, color }, redirectTo } as const;
}

export function hasGuards(flags: RouteFlags): boolean {
  return Boolean(
    flags.requiresAuth ||
    flags.requiresVerifiedEmail ||
    flags.requiresAdmin ||
    flags.requiresModerator ||
    flags.requiresPermission,
  );
}

/**
 * Decides whether a navigation to a route with `flags` may proceed (SPEC §4, §8). Checks run
 * in the catalogue's order: auth → verified email → admin → moderator, then the permission a
 * page for some of the staff needs; the first failure wins.
 * `readAuth` is a function so that a failure to read the auth state is itself a guard outcome.
 * `target` is the path and search the visitor wanted, handed to the login page.
 */
export function checkGuards(
  flags: RouteFlags,
  readAuth: () => AuthState,
  target: string,
): GuardResult {
  if (!hasGuards(flags)) return { allowed: true };

  let auth: AuthState;
  try {
    auth = readAuth();
  } catch {
    return deny('Error', 'Authentication error occurred', 'red', '/');
  }
  const user = auth.isUser ? auth.user : null;

  if (flags.requiresAuth && !user?.uid) {
    return deny(
      'Authentication Required',
      'Please log in to continue',
      'yellow',
      `/auth/login?redirect=${encodeURIComponent(target)}`,
    );
  }
  if (flags.requiresVerifiedEmail && !user?.emailVerified) {
    return deny(
      'Email Verification Required',
      'Please verify your email to access this page',
      'yellow',
      '/auth/verify-email',
    );
  }
  if (flags.requiresAdmin && !roleHolds(user?.role, 'admin')) {
    return deny('Access Denied', 'Admin access required', 'red', '/');
  }
  if (flags.requiresModerator && !roleHolds(user?.role, 'moderator')) {
    return deny('Access Denied', 'Moderator access required', 'red', '/');
  }
  if (flags.requiresPermission && !can(user?.role, flags.requiresPermission)) {
    const first = roleLabels[lowestRoleWith(flags.requiresPermission)];
    return deny('Access Denied', `${first} access required`, 'red', '/');
  }
  return { allowed: true };
}
