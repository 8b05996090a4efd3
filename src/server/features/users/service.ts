import type { z } from 'zod';
import type { userListQuery } from '../../../shared/accounts.js';
import { AppError, invalidArgument, notFound, permissionDenied } from '../../../shared/errors.js';
import { muteDurationSeconds, type muteBody } from '../../../shared/mutes.js';
import { can } from '../../../shared/permissions.js';
import { mayActOnAccount } from '../../../shared/rank.js';
import { roleLabels, type Role } from '../../../shared/roles.js';
import type { Db } from '../../platform/db/database.js';
import { listAudit } from '../audit/index.js';
import { presentMemberHistory } from './presenter.js';
import * as repo from './repo.js';
import { activeBlock, activeMute, presentMute, type Viewer } from '../../core/viewer.js';
import { recordAudit } from '../../core/audit.js';
import { notifyLater } from '../../core/notify.js';
import { moderationNotice } from '../notifications/index.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findActiveUser>>>;

const labelOf = (user: UserRow) => user.displayUsername ?? user.username ?? user.name;

function presentBlock(user: UserRow) {
  const block = activeBlock(user);
  return block && { reason: block.reason, until: block.until?.toISOString() ?? null };
}

/**
 * Actions on other accounts, with the rank rules of DESIGN.md §4: nobody acts on an equal or
 * higher rank (admins may act on other admins), nobody on themselves, and the last admin can
 * be neither demoted nor blocked. Each change and its audit entry share one transaction.
 */
export function createUsersService(db: Db) {
  const present = (viewer: Viewer, row: repo.AdminUserRow) =>
    repo.presentAdminUser(row, { showEmail: can(viewer.role, 'users.block') });

  /** The target of an action, after the rank rules; locked when the action needs no admin lock. */
  async function targetFor(
    tx: Tx,
    actor: Viewer,
    id: string,
    action: string,
    options: { lock?: boolean } = {},
  ) {
    const target = await repo.findActiveUser(tx, id, options);
    if (!target) throw notFound('User');
    if (target.id === actor.id) throw permissionDenied(`You cannot ${action} your own account`);
    if (!mayActOnAccount(actor, target)) {
      throw permissionDenied(`You cannot ${action} an account of equal or higher rank`);
    }
    return target;
  }

  async function result(viewer: Viewer, tx: DbOrTx, id: string) {
    const row = await repo.findAdminUser(tx, id);
    if (!row) throw notFound('User');
    return present(viewer, row);
  }

  const lastAdminError = (what: string) =>
    new AppError('failed-precondition', `The last admin cannot be ${what}`);

  return {
    async list(viewer: Viewer, query: z.output<typeof userListQuery>) {
      const searchEmail = can(viewer.role, 'users.block');
      const { rows, nextCursor } = await repo.listUsers(db, { ...query, searchEmail });
      return { users: rows.map((row) => present(viewer, row)), nextCursor };
    },

    async block(viewer: Viewer, id: string, reason: string, until: string | null | undefined) {
      const end = until ? new Date(until) : null;
      if (end && end.getTime() <= Date.now()) {
        throw invalidArgument('The end date of a block must be in the future');
      }
      return db.transaction(async (tx) => {
        // Not locked here: isLastActiveAdmin locks the admins in id order, and locking the
        // target first could deadlock two admins acting on each other.
        const target = await targetFor(tx, viewer, id, 'block');
        if (await repo.isLastActiveAdmin(tx, target.id)) throw lastAdminError('blocked');
        const block = { reason, until: end };
        await repo.updateBlock(tx, target.id, block);
        await recordAudit(tx, {
          actor: viewer,
          action: 'user.block',
          target: { type: 'user', id: target.id, label: labelOf(target) },
          reason,
          before: { block: presentBlock(target) },
          after: { block: { reason, until: end?.toISOString() ?? null } },
        });
        await notifyLater(tx, moderationNotice, {
          userId: target.id,
          action: 'blocked',
          reason,
          target: null,
          until: end?.toISOString() ?? null,
        });
        return result(viewer, tx, target.id);
      });
    },

    async unblock(viewer: Viewer, id: string) {
      return db.transaction(async (tx) => {
        const target = await targetFor(tx, viewer, id, 'unblock', { lock: true });
        await repo.updateBlock(tx, target.id, null);
        await recordAudit(tx, {
          actor: viewer,
          action: 'user.unblock',
          target: { type: 'user', id: target.id, label: labelOf(target) },
          before: { block: presentBlock(target) },
          after: { block: null },
        });
        return result(viewer, tx, target.id);
      });
    },

    async changeRole(viewer: Viewer, id: string, role: Role) {
      return db.transaction(async (tx) => {
        const target = await repo.findActiveUser(tx, id);
        if (!target) throw notFound('User');
        if (target.id === viewer.id) throw permissionDenied('You cannot change your own role');
        if (!mayActOnAccount(viewer, target)) {
          throw permissionDenied(
            'You cannot change the role of an account of equal or higher rank',
          );
        }
        if (role !== 'admin' && (await repo.isLastActiveAdmin(tx, target.id))) {
          throw lastAdminError(`made ${roleLabels[role]}`);
        }
        await repo.updateRole(tx, target.id, role);
        await recordAudit(tx, {
          actor: viewer,
          action: 'user.role',
          target: { type: 'user', id: target.id, label: labelOf(target) },
          before: { role: target.role },
          after: { role },
        });
        return result(viewer, tx, target.id);
      });
    },

    /** Silences a member for one of the offered durations: they read but cannot write. */
    async mute(viewer: Viewer, id: string, body: z.output<typeof muteBody>) {
      return db.transaction(async (tx) => {
        const target = await targetFor(tx, viewer, id, 'mute', { lock: true });
        const until = new Date(Date.now() + muteDurationSeconds[body.duration] * 1000);
        await repo.updateMute(tx, target.id, { reason: body.reason, until });
        await recordAudit(tx, {
          actor: viewer,
          action: 'user.mute',
          target: { type: 'user', id: target.id, label: labelOf(target) },
          reason: body.reason,
          before: { mute: presentMute(activeMute(target)) },
          after: {
            mute: { reason: body.reason, until: until.toISOString() },
            duration: body.duration,
          },
        });
        await notifyLater(tx, moderationNotice, {
          userId: target.id,
          action: 'muted',
          reason: body.reason,
          target: null,
          until: until.toISOString(),
        });
        return result(viewer, tx, target.id);
      });
    },

    async unmute(viewer: Viewer, id: string) {
      return db.transaction(async (tx) => {
        const target = await targetFor(tx, viewer, id, 'unmute', { lock: true });
        const mute = activeMute(target);
        if (!mute) throw new AppError('failed-precondition', 'This member is not muted');
        await repo.updateMute(tx, target.id, null);
        await recordAudit(tx, {
          actor: viewer,
          action: 'user.unmute',
          target: { type: 'user', id: target.id, label: labelOf(target) },
          before: { mute: presentMute(mute) },
          after: { mute: null },
        });
        return result(viewer, tx, target.id);
      });
    },

    /** A member as /moderator/users shows them: counts, and the latest actions on the account. */
    async history(viewer: Viewer, id: string) {
      const row = await repo.findAdminUser(db, id);
      if (!row) throw notFound('User');
      const { entries } = await listAudit(db, { targetType: 'user', targetId: id, limit: 50 });
      return {
        user: present(viewer, row),
        history: presentMemberHistory({ ...row, createdAt: row.user.createdAt }),
        actions: entries,
      };
    },
  };
}
