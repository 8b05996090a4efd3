import { forumLimits, showsRatings } from '../../../shared/forum.js';
import { invalidArgument, notFound, permissionDenied } from '../../../shared/errors.js';
import { mayActOnContent } from '../../../shared/rank.js';
import { assertMayActOnContent, rankedAuthor } from '../../core/rank.js';
import { authorRank } from '../../core/repo.js';
import type { DbOrTx } from '../../core/transaction.js';
import { can } from '../../../shared/permissions.js';
import type { Db } from '../../platform/db/database.js';
import { countLinks } from '../../markdown/render.js';
import type { Viewer } from '../../core/viewer.js';
import { earlierWritings } from './threads/repo.js';

/** Rules shared by threads and replies: who sees what, who may write what. */

export const canModerate = (viewer: Viewer | null) => can(viewer?.role, 'content.moderate');

/**
 * Who reads a thread: anyone, but a hidden one only its author (who sees why) and moderators;
 * for everyone else it answers 404, as if it were not there. The page, its replies' live
 * channel and the reply form ask the same question.
 */
export function mayReadThread(
  reader: { id: string; role: unknown } | null,
  thread: { hiddenAt: Date | string | null; authorId: string },
): boolean {
  return (
    thread.hiddenAt === null ||
    thread.authorId === reader?.id ||
    can(reader?.role, 'content.moderate')
  );
}

/** Hidden content answers 404 to everyone but moderators, as if it were not there. */
export function assertVisible(
  row: { hiddenAt: Date | string | null } | undefined,
  viewer: Viewer | null,
  what: string,
): asserts row {
  if (!row || (row.hiddenAt !== null && !canModerate(viewer))) throw notFound(what);
}

/**
 * Likes and reports are what members say of one another's writing: a like of one's own thread
 * or reply would inflate it, a report of it would waste a moderator's time (delete or edit it).
 */
export function assertNotOwn(
  viewer: Viewer,
  authorId: string,
  act: 'like' | 'report',
  what: 'thread' | 'reply',
): void {
  if (authorId !== viewer.id) return;
  throw permissionDenied(
    act === 'like'
      ? `You cannot like your own ${what}`
      : `You cannot report your own ${what}: edit or delete it instead`,
  );
}

/** May this viewer write at all (the same test the write routes' access check makes)? */
export const isWriter = (viewer: Viewer | null): viewer is Viewer =>
  viewer !== null && viewer.emailVerified && can(viewer.role, 'content.write');

/**
 * What the viewer may do with a thread or reply: its author edits and deletes it; experienced
 * moderators edit others' content when they outrank its author (admins anyone's).
 */
export function contentAbilities(
  viewer: Viewer | null,
  content: {
    author: { id: string; role: unknown; deletedAt: Date | string | null };
    deleted: boolean;
    reacted: boolean;
  },
) {
  const writer = isWriter(viewer);
  const isAuthor = writer && viewer.id === content.author.id;
  const editsOthers =
    writer &&
    can(viewer.role, 'content.edit-others') &&
    mayActOnContent(viewer, rankedAuthor(content.author));
  return {
    reacted: content.reacted,
    canEdit: writer && !content.deleted && (isAuthor || editsOthers),
    canDelete: isAuthor && !content.deleted,
  };
}

/**
 * Refuses an edit of someone else's thread or reply unless the viewer may edit others' content
 * and outranks its author.
 */
export async function assertMayEditOthers(
  tx: DbOrTx,
  viewer: Viewer,
  authorId: string,
  what: string,
) {
  if (!can(viewer.role, 'content.edit-others')) {
    throw permissionDenied(
      `You can only edit your own ${what === 'thread' ? 'threads' : 'replies'}`,
    );
  }
  assertMayActOnContent(viewer, await authorRank(tx, authorId), what);
}

/** Only a category that shows ratings (Reviews) takes a film and a rating. */
export function assertReviewFields(
  categorySlug: string,
  fields: {
    filmId?: number | null | undefined;
    filmTitle?: string | null | undefined;
    rating?: number | null | undefined;
  },
): void {
  if (showsRatings(categorySlug)) return;
  if (
    (fields.filmId ?? null) !== null ||
    (fields.filmTitle ?? null) !== null ||
    (fields.rating ?? null) !== null
  ) {
    throw invalidArgument(
      'Only threads in Reviews carry a film title and a rating: remove them or choose Reviews',
    );
  }
}

const newAccountWindowMs = 7 * 24 * 60 * 60 * 1000;
const firstWritings = 3;

/**
 * A new account's first threads and first replies may hold at most two links: link spam comes
 * from fresh accounts, and real newcomers rarely need more. `before` limits the count to
 * writings older than the one being edited.
 */
export async function assertNewAccountLinks(
  db: Db,
  viewer: Viewer,
  source: string,
  kind: 'thread' | 'reply',
  before?: number,
): Promise<void> {
  if (canModerate(viewer)) return;
  if (Date.now() - viewer.createdAt.getTime() >= newAccountWindowMs) return;
  if (countLinks(source) <= forumLimits.newAccountLinksMax) return;
  if ((await earlierWritings(db, kind, viewer.id, before, firstWritings)) < firstWritings) {
    const things = kind === 'thread' ? 'threads' : 'replies';
    throw invalidArgument(
      `New accounts can put at most ${forumLimits.newAccountLinksMax} links in each of their first ${firstWritings} ${things}: please remove some links`,
    );
  }
}
