import { notFound } from '../../../../shared/errors.js';
import type { ThreadReading, WatchLevel } from '../../../../shared/notifications.js';
import { can } from '../../../../shared/permissions.js';
import type { Viewer } from '../../../core/viewer.js';
import type { Db } from '../../../platform/db/database.js';
import { invalidArgument } from '../../../../shared/errors.js';
import * as repo from './repo.js';

/**
 * Where a member is in a thread (what is new for them, where it opens) and whether they watch
 * it; the same for a category's watching. Reading a reply reads its notifications too.
 */
export function createReadingService(
  db: Db,
  onNotificationsRead: (userId: string) => Promise<unknown>,
) {
  async function reading(viewer: Viewer, postId: number): Promise<ThreadReading> {
    const row = await repo.readingOf(db, viewer.id, postId);
    const seesHidden = row?.post_author_id === viewer.id || can(viewer.role, 'content.moderate');
    if (!row || row.deleted || (row.hidden && !seesHidden)) throw notFound('Thread');
    const watch: WatchLevel =
      row.thread_level ?? (row.category_level === 'watching' ? 'watching' : 'normal');
    return {
      watch,
      lastReadReplyId: row.last_read_comment_id === null ? null : Number(row.last_read_comment_id),
      firstUnreadReplyId: row.first_unread_id === null ? null : Number(row.first_unread_id),
      unreadReplies: Math.max(0, row.reply_count - (row.read_count ?? 0)),
    };
  }

  return {
    reading,

    /** Saves how far the member read; a reply of another thread is refused. */
    async saveReading(viewer: Viewer, postId: number, lastReadReplyId: number) {
      await reading(viewer, postId);
      if (lastReadReplyId > 0) {
        if (!(await repo.replyIsInThread(db, lastReadReplyId, postId))) {
          throw invalidArgument('That reply is not in this thread');
        }
      }
      await repo.markThreadRead(db, viewer.id, postId, lastReadReplyId);
      if (await repo.readNotificationsUpTo(db, viewer.id, postId, lastReadReplyId)) {
        await onNotificationsRead(viewer.id);
      }
      return reading(viewer, postId);
    },

    async watchThread(viewer: Viewer, postId: number, level: WatchLevel) {
      await reading(viewer, postId);
      await repo.setThreadWatch(db, viewer.id, postId, level);
      return { level };
    },

    async categoryWatch(viewer: Viewer, categoryId: number) {
      await repo.assertCategory(db, categoryId);
      return { level: await repo.categoryWatchOf(db, viewer.id, categoryId) };
    },

    async watchCategory(viewer: Viewer, categoryId: number, level: WatchLevel) {
      await repo.assertCategory(db, categoryId);
      await repo.setCategoryWatch(db, viewer.id, categoryId, level);
      return { level };
    },
  };
}

export type ReadingService = ReturnType<typeof createReadingService>;
