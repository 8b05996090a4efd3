import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  failedPrecondition,
  invalidArgument,
  notFound,
  permissionDenied,
} from '../../../shared/errors.js';
import type {
  AuditAction,
  CommentModerationAction,
  ModerationTarget,
  moderateCommentBody,
  moderatePostBody,
  PostModerationAction,
} from '../../../shared/moderation.js';
import { can } from '../../../shared/permissions.js';
import type { Db } from '../../platform/db/database.js';
import {
  categories,
  commentRevisions,
  comments,
  postRevisions,
  posts,
  reports,
} from '../../platform/db/schema.js';
import { plainExcerpt } from '../../markdown/excerpt.js';
import { assertMayActOnContent } from '../../core/rank.js';
import { authorRank } from '../../core/repo.js';
import { itemKey, loadTargets, type ItemKey } from './targets.js';
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
import { hiddenByReportsReason } from '../forum/index.js';
import type { Tx } from '../../core/transaction.js';

type PostRow = typeof posts.$inferSelect;
type CommentRow = typeof comments.$inferSelect;
type Action = PostModerationAction | CommentModerationAction;

/** The title a purged thread keeps, so links to it still lead somewhere. */
export const purgedTitle = '[removed]';

/** Checks that need no database: a reason where one is owed, and who may purge. */
function assertActionInput(viewer: Viewer, action: Action, reason: string | undefined) {
  if ((action === 'hide' || action === 'purge') && !reason) {
    throw invalidArgument(`Give a reason to ${action} this: its author sees it`);
  }
  if (action === 'purge' && !can(viewer.role, 'content.edit-others')) {
    throw permissionDenied('Only experienced moderators and admins can purge content');
  }
}

function itemWhere(item: ItemKey) {
  return and(
    eq(reports.postId, item.postId),
    item.commentId === null ? isNull(reports.commentId) : eq(reports.commentId, item.commentId),
    eq(reports.status, 'open'),
  );
}

async function countOpenReports(tx: Tx, item: ItemKey): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(reports)
    .where(itemWhere(item));
  return row?.n ?? 0;
}

/** Every open report of the item is closed by the action taken on it. */
async function closeReports(tx: Tx, item: ItemKey, action: Action, viewer: Viewer) {
  await tx
    .update(reports)
    .set({
      status: 'resolved',
      resolution: action,
      resolvedById: viewer.id,
      resolvedAt: sql`now()`,
    })
    .where(itemWhere(item));
}

/** The change an action makes to an item's hidden state, shared by threads and replies. */
function visibilityChange(
  what: string,
  row: { hiddenAt: Date | null; hiddenReason: string | null },
  action: 'dismiss' | 'hide' | 'restore',
  openReports: number,
  reason: string | undefined,
) {
  if (action === 'dismiss') {
    if (openReports === 0) {
      throw failedPrecondition(`There are no open reports on this ${what}: it was already handled`);
    }
    // Unfounded reports lift the hiding they caused; a moderator's own hiding stays.
    const autoHidden = row.hiddenAt !== null && row.hiddenReason === hiddenByReportsReason;
    return autoHidden ? { hiddenAt: null, hiddenReason: null } : {};
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

const hiddenOf = (row: { hiddenAt: Date | null; hiddenReason: string | null }) =>
  row.hiddenAt === null ? null : row.hiddenReason;

/** The fields of a thread an action changes, and what the audit log keeps of them. */
async function postChange(
  tx: Tx,
  post: PostRow,
  body: z.output<typeof moderatePostBody>,
  openReports: number,
) {
  const { action } = body;
  const flag = (key: 'locked' | 'pinned', on: boolean, word: string) => {
    if (post[key] === on) throw failedPrecondition(`This thread is already ${word}`);
    return { set: { [key]: on }, before: { [key]: post[key] }, after: { [key]: on } };
  };
  switch (action) {
    case 'dismiss':
    case 'hide':
    case 'restore': {
      const set = visibilityChange('thread', post, action, openReports, body.reason);
      const after = { ...post, ...set };
      return {
        set,
        before: { hidden: hiddenOf(post), openReports },
        after: { hidden: hiddenOf(after) },
      };
    }
    case 'lock':
      return flag('locked', true, 'locked');
    case 'unlock':
      return flag('locked', false, 'unlocked');
    case 'pin':
      return flag('pinned', true, 'pinned');
    case 'unpin':
      return flag('pinned', false, 'unpinned');
    case 'move': {
      if (!body.categoryId) throw invalidArgument('Choose the category to move the thread to');
      const [category] = await tx
        .select()
        .from(categories)
        .where(eq(categories.id, body.categoryId));
      if (!category) throw notFound('Category');
      if (category.archivedAt) {
        throw invalidArgument(`${category.name} is archived: it takes no threads`);
      }
      if (category.id === post.categoryId) {
        throw failedPrecondition(`This thread is already in ${category.name}`);
      }
      // A move changes only the category: a review's film and rating stay stored, shown
      // wherever the thread sits in a category that shows ratings. The audit log names both
      // categories as they were called then: a later rename or archiving does not change what
      // the entry says.
      const [from] = await tx
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.id, post.categoryId));
      return {
        set: { categoryId: category.id },
        before: { categoryId: post.categoryId, categoryName: from?.name ?? null },
        after: { categoryId: category.id, categoryName: category.name },
      };
    }
    case 'purge': {
      if (post.deletedAt && post.bodySource === '' && post.title === purgedTitle) {
        throw failedPrecondition('This thread was already purged');
      }
      // Erased for good: the words, the tags and every earlier version; the audit log keeps
      // only that it happened.
      await tx.delete(postRevisions).where(eq(postRevisions.postId, post.id));
      return {
        set: {
          title: purgedTitle,
          bodySource: '',
          bodyHtml: '',
          tags: [],
          filmTitle: null,
          rating: null,
          deletedAt: post.deletedAt ?? new Date(),
        },
        before: { deleted: post.deletedAt !== null },
        after: { deleted: true, purged: true },
      };
    }
  }
}

async function commentChange(
  tx: Tx,
  comment: CommentRow,
  body: z.output<typeof moderateCommentBody>,
  openReports: number,
) {
  if (body.action === 'purge') {
    if (comment.deletedAt && comment.bodySource === '') {
      throw failedPrecondition('This reply was already purged');
    }
    await tx.delete(commentRevisions).where(eq(commentRevisions.commentId, comment.id));
    return {
      set: { bodySource: '', bodyHtml: '', deletedAt: comment.deletedAt ?? new Date() },
      before: { deleted: comment.deletedAt !== null },
      after: { deleted: true, purged: true },
    };
  }
  const set = visibilityChange('reply', comment, body.action, openReports, body.reason);
  return {
    set,
    before: { hidden: hiddenOf(comment), openReports },
    after: { hidden: hiddenOf({ ...comment, ...set }) },
  };
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
        const [post] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
        if (!post) throw notFound('Thread');
        assertMayActOnContent(viewer, await authorRank(tx, post.authorId), 'thread');
        const openReports = await countOpenReports(tx, item);
        const change = await postChange(tx, post, body, openReports);
        if (Object.keys(change.set).length > 0) {
          await tx.update(posts).set(change.set).where(eq(posts.id, id));
        }
        await closeReports(tx, item, body.action, viewer);
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
        await tellAuthor(tx, body.action, Object.keys(change.set).length > 0, {
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
        const [comment] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
        if (!comment) throw notFound('Reply');
        assertMayActOnContent(viewer, await authorRank(tx, comment.authorId), 'reply');
        const key = { postId: comment.postId, commentId: id };
        const openReports = await countOpenReports(tx, key);
        const change = await commentChange(tx, comment, body, openReports);
        if (Object.keys(change.set).length > 0) {
          await tx.update(comments).set(change.set).where(eq(comments.id, id));
        }
        await closeReports(tx, key, body.action, viewer);
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
        await tellAuthor(tx, body.action, Object.keys(change.set).length > 0, {
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
