import type { ModerationTarget } from '../../../shared/moderation-actions.js';
import type { MemberHistory } from '../../../shared/member-history.js';
import type { Author } from '../../../shared/forum.js';
import type { Db } from '../../platform/db/database.js';
import { authorOfRow, iso, presentAuthor } from '../../core/author.js';
import { presentMemberHistory } from '../users/index.js';
import { targetRows, type ItemKey, type TargetRow } from './target-repo.js';

export const itemKey = (item: ItemKey) => `${item.postId}:${item.commentId ?? ''}`;

export interface LoadedTarget {
  target: ModerationTarget;
  author: Author;
  authorHistory: MemberHistory;
}

function presentTarget(row: TargetRow): LoadedTarget {
  const commentId = row.comment_id === null ? null : Number(row.comment_id);
  return {
    target: {
      type: commentId === null ? 'post' : 'comment',
      postId: Number(row.post_id),
      commentId,
      title: row.title,
      bodyHtml: row.body_html,
      category: { id: row.category_id, slug: row.category_slug, name: row.category_name },
      hidden: row.hidden_at === null ? null : { reason: row.hidden_reason ?? '' },
      locked: row.locked,
      pinned: row.pinned,
      deleted: row.deleted_at !== null,
      createdAt: iso(row.created_at),
    },
    author: presentAuthor(authorOfRow(row)),
    authorHistory: presentMemberHistory({
      createdAt: row.author_created_at,
      postCount: row.post_count,
      commentCount: row.comment_count,
      reportsAgainst: row.reports_against,
      sanctions: row.sanctions,
    }),
  };
}

/** The existing items among `items`, by itemKey. */
export async function loadTargets(db: Db, items: ItemKey[]): Promise<Map<string, LoadedTarget>> {
  if (items.length === 0) return new Map();
  const rows = await targetRows(db, items);
  return new Map(
    rows.map((row) => {
      const loaded = presentTarget(row);
      return [itemKey(loaded.target), loaded];
    }),
  );
}
