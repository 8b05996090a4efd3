import type { z } from 'zod';
import {
  failedPrecondition,
  invalidArgument,
  notFound,
  permissionDenied,
} from '../../../shared/errors.js';
import type {
  CommentModerationAction,
  ModerationTarget,
  moderateCommentBody,
  moderatePostBody,
  PostModerationAction,
} from '../../../shared/moderation-actions.js';
import type { AuditAction } from '../../../shared/audit-log.js';
import { can } from '../../../shared/permissions.js';
import { hiddenByReportsReason } from '../../../shared/reports.js';
import type { Db } from '../../platform/db/database.js';
import { plainExcerpt } from '../../markdown/excerpt.js';
import { assertMayActOnContent } from '../../core/rank.js';
import { authorRank } from '../../core/repo.js';
import { itemKey, loadTargets } from './targets.js';
import type { ItemKey } from './target-repo.js';
import type { Viewer } from '../../core/viewer.js';
import { recordAudit } from '../../core/audit.js';
import { notifyLater } from '../../core/notify.js';
import { moderationNotice } from '../notifications/index.js';
import type { DbOrTx } from '../../core/transaction.js';

/**
 * What the author of moderated content is told of: its hiding, restoring, locking; reports
 * dismissed as unfounded restore what they had hidden (an action that changes nothing is not
 * told).
 */
const toldActions = {
  hide: 'hidden',
  restore: 'restored',
  dismiss: 'restored',
  lock: 'locked',
  unlock: 'unlocked',
} as const;

async function tellAuthor(
  tx: DbOrTx,
  action: string,
  changed: boolean,
  content: { authorId: string; type: 'post' | 'comment'; id: number; reason: string | null },
) {
  if (!changed || !(action in toldActions)) return;
  await notifyLater(tx, moderationNotice, {
    userId: content.authorId,
    action: toldActions[action as keyof typeof toldActions],
    // A dismissal's note is about the reports, for the moderators, not for the author.
    reason: action === 'dismiss' ? null : content.reason,
    target: { type: content.type, id: content.id },
  });
}
import * as forum from '../forum/index.js';
import type { Tx } from '../../core/transaction.js';

type Action = PostModerationAction | CommentModerationAction;

/** What an action writes (null: nothing changes), and what the audit log keeps of it. */
interface Change {
  write: ((tx: Tx) => Promise<void>) | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Checks that need no database: a reason where one is owed, and who may purge. */
function assertActionInput(viewer: Viewer, action: Action, reason: string | undefined) {
  if ((action === 'hide' || action === 'purge') && !reason) {
    throw invalidArgument(`Give a reason to ${action} this: its author sees it`);
  }
  if (action === 'purge' && !can(viewer.role, 'content.edit-others')) {
    throw permissionDenied('Only experienced moderators and admins can purge content');
  }
}

/**
 * The change an action makes to an item's hidden state, shared by threads and replies: the new
 * hiding, or null when it stays as it is.
 */
function visibilityChange(
  what: string,
  row: forum.Hiding,
  action: 'dismiss' | 'hide' | 'restore',
  openReports: number,
  reason: string | undefined,
): forum.Hiding | null {
  if (action === 'dismiss') {
    if (openReports === 0) {
      throw failedPrecondition(`There are no open reports on this ${what}: it was already handled`);
    }
    // Unfounded reports lift the hiding they caused; a moderator's own hiding stays.
    const autoHidden = row.hiddenAt !== null && row.hiddenReason === hiddenByReportsReason;
    return autoHidden ? { hiddenAt: null, hiddenReason: null } : null;
  }
  if (action === 'hide') {
    if (row.hiddenAt !== null && openReports === 0) {
      throw failedPrecondition(`This ${what} is already hidden`);
    }
    return { hiddenAt: row.hiddenAt ?? new Date(), hiddenReason: reason ?? null };
  }
  if (row.hiddenAt === null) throw failedPrecondition(`This ${what} is not hidden`);
  return { hiddenAt: null, hiddenReason: null };
}

const hiddenOf = (row: forum.Hiding) => (row.hiddenAt === null ? null : row.hiddenReason);

/** The hiding change of a thread or reply as what it writes and what the audit log keeps. */
function hidingChange(
  row: forum.Hiding,
  hiding: forum.Hiding | null,
  openReports: number,
  write: (tx: Tx, hiding: forum.Hiding) => Promise<void>,
): Change {
  return {
    write: hiding && ((tx) => write(tx, hiding)),
    before: { hidden: hiddenOf(row), openReports },
    after: { hidden: hiddenOf(hiding ?? row) },
  };
}

/** What an action does to a thread, and what the audit log keeps of it. */
async function postChange(
  tx: Tx,
  post: forum.ModeratedThread,
  body: z.output<typeof moderatePostBody>,
  openReports: number,
): Promise<Change> {
  const { action } = body;
  const flag = (
    key: 'locked' | 'pinned',
    on: boolean,
    word: string,
    set: (tx: Tx, id: number, on: boolean) => Promise<void>,
  ): Change => {
    if (post[key] === on) throw failedPrecondition(`This thread is already ${word}`);
    return {
      write: (tx) => set(tx, post.id, on),
      before: { [key]: post[key] },
      after: { [key]: on },
    };
  };
  switch (action) {
    case 'dismiss':
    case 'hide':
    case 'restore': {
      const hiding = visibilityChange('thread', post, action, openReports, body.reason);
      return hidingChange(post, hiding, openReports, (tx, next) =>
        forum.setThreadHidden(tx, post.id, next),
      );
    }
    case 'lock':
      return flag('locked', true, 'locked', forum.setThreadLocked);
    case 'unlock':
      return flag('locked', false, 'unlocked', forum.setThreadLocked);
    case 'pin':
      return flag('pinned', true, 'pinned', forum.setThreadPinned);
    case 'unpin':
      return flag('pinned', false, 'unpinned', forum.setThreadPinned);
    case 'move': {
      if (!body.categoryId) throw invalidArgument('Choose the category to move the thread to');
      const category = await forum.categoryById(tx, body.categoryId);
      if (!category) throw notFound('Category');
      if (category.archivedAt) {
        throw invalidArgument(`${category.name} is archived: it takes no threads`);
      }
      if (category.id === post.categoryId) {
        throw failedPrecondition(`This thread is already in ${category.name}`);
      }
      // The audit log names both categories as they were called then: a later rename or
      // archiving does not change what the entry says.
      const from = await forum.categoryById(tx, post.categoryId);
      return {
        write: (tx) => forum.moveThread(tx, post.id, category.id),
        before: { categoryId: post.categoryId, categoryName: from?.name ?? null },
        after: { categoryId: category.id, categoryName: category.name },
      };
    }
    case 'purge': {
      if (forum.isPurgedThread(post)) throw failedPrecondition('This thread was already purged');
      // The audit log keeps only that it happened.
      return {
        write: (tx) => forum.purgeThread(tx, post),
        before: { deleted: post.deletedAt !== null },
        after: { deleted: true, purged: true },
      };
    }
  }
}

/** What an action does to a reply, and what the audit log keeps of it. */
function commentChange(
  comment: forum.ModeratedReply,
  body: z.output<typeof moderateCommentBody>,
  openReports: number,
): Change {
  if (body.action === 'purge') {
    if (forum.isPurgedReply(comment)) throw failedPrecondition('This reply was already purged');
    return {
      write: (tx) => forum.purgeReply(tx, comment),
      before: { deleted: comment.deletedAt !== null },
      after: { deleted: true, purged: true },
    };
  }
  const hiding = visibilityChange('reply', comment, body.action, openReports, body.reason);
  return hidingChange(comment, hiding, openReports, (tx, next) =>
    forum.setReplyHidden(tx, comment.id, next),
  );
}

const auditActionOf = (type: 'post' | 'comment', action: Action): AuditAction =>
  action === 'dismiss' ? 'report.dismiss' : (`${type}.${action}` as AuditAction);

/**
 * Moderators' actions on threads and replies, on content whose author they outrank (admins on
 * anyone's: core/rank.ts). Each one changes the item, closes its open reports with
 * the action as their resolution, and writes its audit entry, all in one transaction; a refused
 * action changes nothing.
 */
export function createModerationActions(db: Db) {
  async function result(item: ItemKey): Promise<{ target: ModerationTarget }> {
    const loaded = (await loadTargets(db, [item])).get(itemKey(item));
    if (!loaded) throw notFound(item.commentId === null ? 'Thread' : 'Reply');
    return { target: loaded.target };
  }

  return {
    async moderatePost(viewer: Viewer, id: number, body: z.output<typeof moderatePostBody>) {
      assertActionInput(viewer, body.action, body.reason);
      const item = { postId: id, commentId: null };
      await db.transaction(async (tx) => {
        const post = await forum.lockThreadForModeration(tx, id);
        if (!post) throw notFound('Thread');
        assertMayActOnContent(viewer, await authorRank(tx, post.authorId), 'thread');
        const openReports = await forum.countOpenReports(tx, item);
        const change = await postChange(tx, post, body, openReports);
        if (change.write) await change.write(tx);
        await forum.closeReports(tx, item, body.action, viewer.id);
        await recordAudit(tx, {
          actor: viewer,
          action: auditActionOf('post', body.action),
          target: {
            type: 'post',
            id,
            label: body.action === 'purge' ? `Thread ${id}` : post.title,
          },
          reason: body.reason ?? null,
          before: change.before,
          after: change.after,
        });
        await tellAuthor(tx, body.action, change.write !== null, {
          authorId: post.authorId,
          type: 'post',
          id,
          reason: body.reason ?? null,
        });
      });
      return result(item);
    },

    async moderateComment(viewer: Viewer, id: number, body: z.output<typeof moderateCommentBody>) {
      assertActionInput(viewer, body.action, body.reason);
      const item = await db.transaction(async (tx) => {
        const comment = await forum.lockReplyForModeration(tx, id);
        if (!comment) throw notFound('Reply');
        assertMayActOnContent(viewer, await authorRank(tx, comment.authorId), 'reply');
        const key = { postId: comment.postId, commentId: id };
        const openReports = await forum.countOpenReports(tx, key);
        const change = commentChange(comment, body, openReports);
        if (change.write) await change.write(tx);
        await forum.closeReports(tx, key, body.action, viewer.id);
        await recordAudit(tx, {
          actor: viewer,
          action: auditActionOf('comment', body.action),
          target: {
            type: 'comment',
            id,
            label: body.action === 'purge' ? `Reply ${id}` : plainExcerpt(comment.bodySource, 80),
          },
          reason: body.reason ?? null,
          before: change.before,
          after: change.after,
        });
        await tellAuthor(tx, body.action, change.write !== null, {
          authorId: comment.authorId,
          type: 'comment',
          id,
          reason: body.reason ?? null,
        });
        return key;
      });
      return result(item);
    },
  };
}
