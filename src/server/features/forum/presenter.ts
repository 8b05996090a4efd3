import { filmPath } from '../../../shared/films.js';
import {
  shownReview,
  type Comment,
  type PostDetail,
  type PostSummary,
  type Revision,
} from '../../../shared/forum.js';
import {
  authorOfRow,
  deletedUserName,
  iso,
  isoOrNull,
  presentAuthor,
  type AuthorColumns,
  type AuthorFields,
} from '../../core/author.js';
import type { PostListRow } from './repo.js';

/** Rows become API shapes here and nowhere else. */

export interface PostSummaryRow {
  id: number;
  title: string;
  tags: string[];
  filmTitle: string | null;
  rating: number | null;
  pinned: boolean;
  locked: boolean;
  replyCount: number;
  reactionCount: number;
  viewCount: number;
  lastActivityAt: Date | string;
  createdAt: Date | string;
  category: { id: number; slug: string; name: string };
  author: AuthorFields;
}

export function presentPostSummary(row: PostSummaryRow): PostSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    author: presentAuthor(row.author),
    tags: row.tags,
    ...shownReview(row.category.slug, row),
    pinned: row.pinned,
    locked: row.locked,
    replyCount: row.replyCount,
    reactionCount: row.reactionCount,
    viewCount: row.viewCount,
    lastActivityAt: iso(row.lastActivityAt),
    createdAt: iso(row.createdAt),
    unread: null,
  };
}

export function presentPostListRow(row: PostListRow): PostSummary {
  return presentPostSummary({
    id: Number(row.id),
    title: row.title,
    tags: row.tags,
    filmTitle: row.film_title,
    rating: row.rating,
    pinned: row.pinned,
    locked: row.locked,
    replyCount: row.reply_count,
    reactionCount: row.reaction_count,
    viewCount: row.view_count,
    lastActivityAt: row.last_activity_at,
    createdAt: row.created_at,
    category: { id: row.category_id, slug: row.category_slug, name: row.category_name },
    author: authorOfRow(row),
  });
}

export interface PostDetailRow extends PostSummaryRow {
  filmId: number | null;
  bodyHtml: string;
  bodySource: string;
  editedAt: Date | null;
  hiddenAt: Date | null;
  deletedAt: Date | null;
  reacted: boolean;
}

/** Hidden content's reason, for its author and moderators (others never get hidden content). */
export type HiddenState = { reason: string } | null;

export function presentPostDetail(
  row: PostDetailRow,
  viewer: PostDetail['viewer'],
  extraViews = 0,
  hidden: HiddenState = null,
): PostDetail {
  const deleted = row.deletedAt !== null;
  const summary = presentPostSummary(row);
  return {
    ...summary,
    film:
      row.filmId !== null && summary.filmTitle !== null
        ? {
            id: row.filmId,
            title: summary.filmTitle,
            url: filmPath({ id: row.filmId, title: summary.filmTitle }),
          }
        : null,
    viewCount: row.viewCount + extraViews,
    // A deleted thread keeps its title (links to it still make sense) and loses its words.
    bodyHtml: deleted ? '' : row.bodyHtml,
    bodySource: deleted ? '' : row.bodySource,
    editedAt: row.editedAt ? iso(row.editedAt) : null,
    deleted,
    hidden,
    viewer,
  };
}

/** One comment as the comment queries return it (repo.ts `commentFields`). */
export interface CommentRow extends AuthorColumns {
  id: number | string;
  post_id: number | string;
  body_source: string;
  body_html: string;
  reaction_count: number;
  created_at: string | Date;
  edited_at: string | Date | null;
  hidden_at: string | Date | null;
  deleted_at: string | Date | null;
  reacted: boolean;
  reply_id: number | string | null;
  reply_source: string | null;
  reply_gone: boolean | null;
  reply_author_id: string | null;
  reply_author_name: string | null;
  reply_author_deleted_at: string | Date | null;
}

/**
 * A hidden reply shows its reason to its author and moderators (`hidden`); everyone else gets
 * a tombstone in its place (`concealed`), so the thread's numbering and count stay true.
 */
export function presentComment(
  row: CommentRow,
  viewer: Comment['viewer'],
  excerpt: (source: string) => string,
  visibility: { hidden: HiddenState; concealed: boolean } = { hidden: null, concealed: false },
  /** The Markdown too: for signed-in viewers, who may quote or edit (a visitor has the HTML). */
  withSource = true,
): Comment {
  const deleted = row.deleted_at !== null || visibility.concealed;
  const replyAuthorName =
    row.reply_author_deleted_at !== null ? deletedUserName : (row.reply_author_name ?? '');
  return {
    id: Number(row.id),
    postId: Number(row.post_id),
    author: presentAuthor(authorOfRow(row)),
    replyTo:
      row.reply_id === null || visibility.concealed
        ? null
        : {
            id: Number(row.reply_id),
            authorName: replyAuthorName,
            excerpt: row.reply_gone || row.reply_source === null ? '' : excerpt(row.reply_source),
          },
    bodyHtml: deleted ? '' : row.body_html,
    reactionCount: row.reaction_count,
    createdAt: iso(row.created_at),
    editedAt: isoOrNull(row.edited_at),
    deleted,
    hidden: deleted ? null : visibility.hidden,
    viewer,
    ...(withSource ? { bodySource: deleted ? '' : row.body_source } : {}),
  };
}

/** One earlier version of a thread or a reply: who replaced it, when, and what it said. */
export function presentRevision(row: {
  id: number;
  editor: AuthorFields;
  previousTitle: string | null;
  previousBody: string;
  createdAt: Date | string;
}): Revision {
  return {
    id: row.id,
    editor: presentAuthor(row.editor),
    previousTitle: row.previousTitle,
    previousBody: row.previousBody,
    createdAt: iso(row.createdAt),
  };
}
