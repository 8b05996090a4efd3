import { AppError, invalidArgument } from '../../../../shared/errors.js';
import type { Db } from '../../../platform/db/database.js';
import type { Viewer } from '../../../core/viewer.js';
import * as repo from '../repo.js';

/** An account without a password proves itself by a recent sign-in instead. */
const recentSignInMs = 60 * 60 * 1000;

/**
 * Before a change to how an account signs in (a passkey, the second factor): the password when
 * the account has one; otherwise (a provider's newcomer) a sign-in within the last hour.
 */
export async function proveOwner(
  db: Db,
  checkPassword: (userId: string, password: string) => Promise<boolean>,
  viewer: Viewer,
  password: string | undefined,
  what: string,
): Promise<void> {
  if (await checkPasswordIfAny(db, checkPassword, viewer, password)) return;
  const started = await repo.sessionStartedAt(db, viewer.sessionId);
  if (!started || Date.now() - started.getTime() > recentSignInMs) {
    throw new AppError(
      'failed-precondition',
      `Sign out and in again, then ${what} within the hour.`,
    );
  }
}

/**
 * Checks the password of an account that has one (true), refusing a missing or wrong one;
 * false for an account without a password.
 */
export async function checkPasswordIfAny(
  db: Db,
  checkPassword: (userId: string, password: string) => Promise<boolean>,
  viewer: Viewer,
  password: string | undefined,
): Promise<boolean> {
  if ((await repo.passwordHashOf(db, viewer.id)) === undefined) return false;
  if (!password) throw invalidArgument('Enter your current password');
  if (!(await checkPassword(viewer.id, password))) {
    throw invalidArgument('Current password is incorrect');
  }
  return true;
}
