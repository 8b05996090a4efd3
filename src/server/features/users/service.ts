import { AppError, invalidArgument, notFound, permissionDenied } from '../../../shared/errors.js';
import { can, outranks } from '../../../shared/permissions.js';
import { roleLabels, type Role } from '../../../shared/roles.js';
import type { Db } from '../../platform/db/database.js';
import type { Viewer } from '../accounts/viewer.js';
import * as repo from './repo.js';

/**
 * Actions on other accounts, with the rank rules of DESIGN.md §4: nobody acts on an equal or
 * higher rank (admins may act on other admins), nobody on themselves, and the last admin can
 * be neither demoted nor blocked.
 */
export function createUsersService(db: Db) {
  async function targetFor(actor: Viewer, id: string, action: string) {
    const target = await repo.findActiveUser(db, id);
    if (!target) throw notFound('user');
    if (target.id === actor.id) throw permissionDenied(`You cannot ${action} your own account`);
    if (!outranks(actor, target)) {
      throw permissionDenied(`You cannot ${action} an account of equal or higher rank`);
    }
    return target;
  }

  function changedRow<T>(row: T | typeof repo.lastAdmin | undefined, what: string): T {
    if (row === repo.lastAdmin) {
      throw new AppError('failed-precondition', `The last admin cannot be ${what}`);
    }
    if (row === undefined) throw notFound('user');
    return row;
  }

  const present = (viewer: Viewer, row: Parameters<typeof repo.presentAdminUser>[0]) =>
    repo.presentAdminUser(row, { showEmail: can(viewer.role, 'users.block') });

  return {
    present,

    async list(viewer: Viewer, query: { q?: string; cursor?: string; limit: number }) {
      const searchEmail = can(viewer.role, 'users.block');
      const { rows, nextCursor } = await repo.listUsers(db, { ...query, searchEmail });
      return { users: rows.map((row) => present(viewer, row)), nextCursor };
    },

    async block(viewer: Viewer, id: string, reason: string, until: string | null | undefined) {
      const end = until ? new Date(until) : null;
      if (end && end.getTime() <= Date.now()) {
        throw invalidArgument('The end date of a block must be in the future');
      }
      const target = await targetFor(viewer, id, 'block');
      const row = await repo.setBlock(db, target.id, { reason, until: end });
      return present(viewer, changedRow(row, 'blocked'));
    },

    async unblock(viewer: Viewer, id: string) {
      const target = await targetFor(viewer, id, 'unblock');
      const row = await repo.setBlock(db, target.id, null);
      return present(viewer, changedRow(row, 'unblocked'));
    },

    async changeRole(viewer: Viewer, id: string, role: Role) {
      const target = await repo.findActiveUser(db, id);
      if (!target) throw notFound('user');
      if (target.id === viewer.id) throw permissionDenied('You cannot change your own role');
      if (!outranks(viewer, target)) {
        throw permissionDenied('You cannot change the role of an account of equal or higher rank');
      }
      const row = await repo.setRole(db, target.id, role);
      return present(viewer, changedRow(row, `made ${roleLabels[role]}`));
    },
  };
}
