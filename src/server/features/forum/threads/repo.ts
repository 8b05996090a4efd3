import { authorSelection } from '../../../core/author.js';
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.js';
import { users } from '../../../core/schema.js';
import { categories, comments, postRevisions, posts } from '../schema.js';
import type { DbOrTx, Tx } from '../../../core/transaction.js';
import type { Param } from '../repo.js';

/** One thread: its page (one query), its state, its earlier versions, and its writes. */

/** One thread with its author and category, and whether the viewer liked it: one query. */
export function postDetailQuery(db: Db, id: Param<number>, viewerId: Param<string> | null) {
  const reacted = viewerId
    ? sql<boolean>`exists (select 1 from post_reactions r where r.post_id = ${posts.id} and r.user_id = ${viewerId})`
    : sql<boolean>`false`;
  return db
    .select({
      id: posts.id,
      title: posts.title,
      tags: posts.tags,
      filmId: posts.filmId,
      filmTitle: posts.filmTitle,
      rating: posts.rating,
      pinned: posts.pinned,
      locked: posts.locked,
      replyCount: posts.replyCount,
      reactionCount: posts.reactionCount,
      viewCount: sql<number>`coalesce((select v.views from thread_views v where v.post_id = ${posts.id}), 0)`,
      lastActivityAt: posts.lastActivityAt,
      createdAt: posts.createdAt,
      category: { id: categories.id, slug: categories.slug, name: categories.name },
      author: authorSelection,
      bodyHtml: posts.bodyHtml,
      bodySource: posts.bodySource,
      editedAt: posts.editedAt,
      hiddenAt: posts.hiddenAt,
      deletedAt: posts.deletedAt,
      authorId: posts.authorId,
      reacted,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, id));
}

export function postRevisionsQuery(db: Db, postId: number) {
  return db
    .select({
      id: postRevisions.id,
      previousTitle: postRevisions.previousTitle,
      previousBody: postRevisions.previousBody,
      createdAt: postRevisions.createdAt,
      editor: authorSelection,
    })
    .from(postRevisions)
    .innerJoin(users, eq(users.id, postRevisions.editorId))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.id));
}

/** Whether an active account holds this username (an empty author list is then not a 404). */
export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), isNull(users.deletedAt)));
  return row !== undefined;
}

/** Who may read a thread and how many replies it holds: what its live channel's door asks. */
export async function threadForReaders(db: Db, id: number) {
  const [row] = await db
    .select({ authorId: posts.authorId, hiddenAt: posts.hiddenAt, total: posts.replyCount })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}

/** What decides who may see, delete or see the history of a thread. */
export async function threadState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ authorId: posts.authorId, hiddenAt: posts.hiddenAt, deletedAt: posts.deletedAt })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}

/** Why a moderator hid the thread, as they wrote it (null when they gave none). */
export async function threadHiddenReason(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ reason: posts.hiddenReason }).from(posts).where(eq(posts.id, id));
  return row?.reason ?? null;
}

export async function categoryById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

export async function insertThread(tx: Tx, values: typeof posts.$inferInsert) {
  const [row] = await tx.insert(posts).values(values).returning({ id: posts.id });
  return row?.id;
}

/** The whole thread row, locked for an edit. */
export async function lockThread(tx: Tx, id: number) {
  const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
  return row;
}

/** An edit: the version it replaces kept as a revision, then the new fields, stamped edited. */
export async function editThread(
  tx: Tx,
  before: { id: number; title: string; bodySource: string },
  editorId: string,
  next: Partial<typeof posts.$inferInsert>,
): Promise<void> {
  await tx.insert(postRevisions).values({
    postId: before.id,
    editorId,
    previousTitle: before.title,
    previousBody: before.bodySource,
  });
  await tx
    .update(posts)
    .set({ ...next, editedAt: sql`now()` })
    .where(eq(posts.id, before.id));
}

/**
 * What films ask of their reviews (films' `FilmReviewLinks`): a merge moves a film's reviews to
 * the film it became, a rename renames them. The posts trigger moves the figures with them.
 */
export const filmReviewLinks = {
  async moveReviews(tx: Tx, fromFilmId: number, toFilmId: number, title: string): Promise<void> {
    await tx
      .update(posts)
      .set({ filmId: toFilmId, filmTitle: title })
      .where(eq(posts.filmId, fromFilmId));
  },
  async retitleReviews(tx: Tx, filmId: number, title: string): Promise<void> {
    await tx.update(posts).set({ filmTitle: title }).where(eq(posts.filmId, filmId));
  },
};

/** The author's soft delete: the page shows a tombstone; a second one changes nothing. */
export async function softDeleteThread(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(posts)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
}

/**
 * How many threads (or replies) the author wrote before `before` (all of them when undefined),
 * counted up to `cap` only: the new-account link rule asks whether there are that many.
 */
export async function earlierWritings(
  db: Db,
  kind: 'thread' | 'reply',
  authorId: string,
  before: number | undefined,
  cap: number,
): Promise<number> {
  const table = kind === 'thread' ? posts : comments;
  const conditions: SQL[] = [eq(table.authorId, authorId)];
  if (before !== undefined) conditions.push(lt(table.id, before));
  const [row] = await db.select({ n: sql<number>`count(*)::integer` }).from(
    db
      .select({ id: table.id })
      .from(table)
      .where(and(...conditions))
      .limit(cap)
      .as('earlier'),
  );
  return row?.n ?? 0;
}

/**
 * Views counted since the last batch, by thread, added in ONE statement to a narrow table of
 * their own (schema.ts threadViews): no thread row, and none of its ten indexes, is rewritten
 * for a view. Threads deleted in between are skipped.
 */
export async function addThreadViews(db: Db, added: ReadonlyMap<number, number>): Promise<void> {
  const ids = [...added.keys()];
  const counts = ids.map((id) => added.get(id) ?? 0);
  await db.execute(sql`insert into thread_views (post_id, views)
    select v.id, v.added
    from unnest(${`{${ids.join(',')}}`}::bigint[], ${`{${counts.join(',')}}`}::integer[]) as v(id, added)
    where exists (select 1 from posts where posts.id = v.id)
    on conflict (post_id) do update set views = thread_views.views + excluded.views`);
}

/** A thread neither deleted nor hidden, with what its preview image shows (and its category). */
export async function visibleThreadForPreview(db: Db, id: number) {
  const [row] = await db
    .select({
      title: posts.title,
      filmTitle: posts.filmTitle,
      rating: posts.rating,
      categoryName: categories.name,
      categorySlug: categories.slug,
      categoryArchivedAt: categories.archivedAt,
      author: authorSelection,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(and(eq(posts.id, id), isNull(posts.deletedAt), isNull(posts.hiddenAt)));
  return row;
}
