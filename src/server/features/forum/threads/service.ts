import type { z } from 'zod';
import {
  failedPrecondition,
  invalidArgument,
  notFound,
  permissionDenied,
} from '../../../../shared/errors.js';
import type {
  createPostBody,
  PostDetail,
  PostList,
  postListQuery,
  updatePostBody,
} from '../../../../shared/forum.js';
import {
  newsCategorySlug,
  postListResponse,
  showsRatings,
  takesReplies,
} from '../../../../shared/forum.js';
import type { Db } from '../../../platform/db/database.js';
import { newlyMentioned, renderBody } from '../rendered-body.js';
import { notifyLater } from '../../../core/notify.js';
import { threadStarted, mentionedByEdit } from '../notify-events.js';
import { startedThread, threadReadsOf } from '../../notifications/index.js';
import type { CategoryService } from '../categories/service.js';
import { decodePostCursor, encodePostCursor } from '../list-cursors.js';
import type { ForumReads } from '../read-repo.js';
import { presentPostDetail, presentPostListRow, presentRevision } from '../presenter.js';
import * as repo from './repo.js';
import {
  assertMayEditOthers,
  assertNewAccountLinks,
  assertReviewFields,
  assertVisible,
  canModerate,
  contentAbilities,
  isWriter,
  mayReadThread,
} from '../rules.js';
import type { ViewCounter } from './views.js';
import type { Viewer } from '../../../core/viewer.js';
import { recordAudit } from '../../../core/audit.js';
import type { Tx } from '../../../core/transaction.js';
import { filmReviewed, type FilmService } from '../../films/index.js';

/** The thread, if this viewer may read it (rules.ts `mayReadThread`); 404 otherwise. */
function assertSeen(
  row: { hiddenAt: Date | null; authorId: string } | undefined,
  viewer: Viewer | null,
): asserts row {
  if (!row || !mayReadThread(viewer, row)) throw notFound('Thread');
}

async function hiddenReason(db: Db, id: number): Promise<{ reason: string }> {
  return { reason: (await repo.threadHiddenReason(db, id)) ?? 'Hidden by a moderator' };
}

/** A category a thread can be written in: it exists and is not archived. */
async function writableCategory(tx: Tx, id: number) {
  const category = await repo.categoryById(tx, id);
  if (!category) throw notFound('Category');
  if (category.archivedAt) {
    throw invalidArgument(`${category.name} is archived: it takes no new threads`);
  }
  return category;
}

/** How long a thread nobody showed a member counts as new to them (the "New" filter's 14 days). */
const newForMs = 14 * 86_400_000;

/** Threads: the list, one thread, writing, editing, deleting, revisions. */
export function createPostService(deps: {
  db: Db;
  /** The film a review names (films' own rule: by id, or by title from older clients). */
  films: Pick<FilmService, 'filmForReview'>;
  categories: CategoryService;
  views: ViewCounter;
  reads: ForumReads;
  onViewError: (error: unknown) => void;
}) {
  const { db, views } = deps;

  /** The film a review's fields name, or null when they name none. */
  function filmNamed(
    tx: Tx,
    viewer: Viewer,
    fields: { filmId?: number | null | undefined; filmTitle?: string | null | undefined },
  ) {
    if (fields.filmId != null)
      return deps.films.filmForReview(tx, viewer, { filmId: fields.filmId });
    if (fields.filmTitle != null) {
      return deps.films.filmForReview(tx, viewer, { filmTitle: fields.filmTitle });
    }
    return Promise.resolve(null);
  }

  async function read(viewer: Viewer | null, id: number, viewerKey?: string): Promise<PostDetail> {
    // The thread page's read (it counts a view) may be remembered; a write's answer is fresh.
    const [row] = await deps.reads.postDetail(id, viewer?.id ?? null, {
      remember: viewerKey !== undefined,
    });
    assertSeen(row, viewer);
    const deleted = row.deletedAt !== null;
    const hidden = row.hiddenAt === null ? null : await hiddenReason(db, id);
    // Views count readers: the author's own visits to their thread are not views.
    if (viewerKey !== undefined && !deleted && row.author.id !== viewer?.id) {
      views.record(id, viewerKey).catch(deps.onViewError);
    }
    const abilities = contentAbilities(viewer, {
      author: row.author,
      deleted,
      reacted: row.reacted,
    });
    // Its author sees a hidden thread but changes nothing in it until a moderator restores it.
    const canEdit = abilities.canEdit && (hidden === null || canModerate(viewer));
    const canReply =
      isWriter(viewer) && takesReplies({ deleted, hidden: hidden !== null, locked: row.locked });
    return presentPostDetail(row, { ...abilities, canEdit, canReply }, views.pending(id), hidden);
  }

  const service = {
    read,

    async list(query: z.output<typeof postListQuery>, unreadBy?: string): Promise<PostList> {
      const categoryId = query.category ? await deps.categories.idOf(query.category) : undefined;
      // News comments live in the archived `news` category: shown with their article only.
      const excludeCategoryId =
        categoryId === undefined ? await deps.categories.idOf(newsCategorySlug) : undefined;
      const author = query.author?.toLowerCase();
      const after = query.cursor ? decodePostCursor(query.cursor, query.sort) : undefined;
      const rows = await deps.reads.readPosts({
        sort: query.sort,
        categoryId,
        tag: query.tag,
        author,
        excludeCategoryId,
        unreadBy,
        after,
        limit: query.limit + 1,
      });
      if (rows.length === 0 && author && !(await repo.usernameExists(db, author))) {
        throw notFound('User');
      }
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last
          ? encodePostCursor(
              query.sort === 'top'
                ? {
                    sort: 'top',
                    pinned: last.pinned,
                    key: last.reaction_count,
                    id: Number(last.id),
                  }
                : {
                    sort: query.sort,
                    pinned: last.pinned,
                    key: last.cursor_key,
                    id: Number(last.id),
                  },
            )
          : null;
      return { items: page.map(presentPostListRow), nextCursor };
    },

    /**
     * The list as the JSON it is answered with, validated against its schema once and kept for
     * the list cache's second: the same for every viewer, so a hit costs neither the query nor
     * the presenter nor the serialiser.
     */
    listJson(query: z.output<typeof postListQuery>): Promise<string> {
      return deps.reads.rememberList(JSON.stringify(query), query.limit, async () =>
        JSON.stringify(postListResponse.parse(await service.list(query))),
      );
    },

    /**
     * A signed-in member's list: the same remembered list (or their own "New" one, never
     * remembered), with what is new to them in each thread from one indexed lookup.
     */
    async listFor(viewer: Viewer, query: z.output<typeof postListQuery>): Promise<PostList> {
      const list =
        query.filter === 'new'
          ? await service.list(query, viewer.id)
          : await deps.reads.rememberList(`object ${JSON.stringify(query)}`, query.limit, () =>
              service.list(query),
            );
      const reads = await threadReadsOf(
        db,
        viewer.id,
        list.items.map((item) => item.id),
      );
      return {
        ...list,
        items: list.items.map((item) => {
          const readCount = reads.get(item.id);
          if (readCount !== undefined) {
            return {
              ...item,
              unread: { seen: true, replies: Math.max(0, item.replyCount - readCount) },
            };
          }
          // Never opened: new when recent and someone else's (the "New" filter's rule).
          const recent = Date.parse(item.createdAt) > Date.now() - newForMs;
          return {
            ...item,
            unread:
              recent && item.author.id !== viewer.id
                ? { seen: false, replies: item.replyCount }
                : null,
          };
        }),
      };
    },

    async create(viewer: Viewer, body: z.output<typeof createPostBody>): Promise<PostDetail> {
      await assertNewAccountLinks(db, viewer, body.body, 'thread');
      const { html: bodyHtml, mentionedUserIds } = await renderBody(db, body.body);
      const id = await db.transaction(async (tx) => {
        const category = await writableCategory(tx, body.categoryId);
        assertReviewFields(category.slug, body);
        const film = await filmNamed(tx, viewer, body);
        const review = {
          filmId: film?.id ?? null,
          filmTitle: film?.title ?? null,
          rating: body.rating ?? null,
        };
        const id = await repo.insertThread(tx, {
          categoryId: category.id,
          authorId: viewer.id,
          title: body.title,
          bodySource: body.body,
          bodyHtml,
          tags: body.tags,
          ...review,
        });
        if (id === undefined) throw notFound('Thread');
        await startedThread(tx, viewer.id, id);
        await notifyLater(tx, threadStarted, { postId: id, mentioned: mentionedUserIds });
        if (film) await notifyLater(tx, filmReviewed, { postId: id, filmId: film.id });
        return id;
      });
      return read(viewer, id);
    },

    async update(
      viewer: Viewer,
      id: number,
      body: z.output<typeof updatePostBody>,
    ): Promise<PostDetail> {
      const rendered = body.body === undefined ? undefined : await renderBody(db, body.body);
      const bodyHtml = rendered?.html;
      await db.transaction(async (tx) => {
        const post = await repo.lockThread(tx, id);
        assertVisible(post, viewer, 'Thread');
        if (post.authorId !== viewer.id)
          await assertMayEditOthers(tx, viewer, post.authorId, 'thread');
        if (post.deletedAt)
          throw failedPrecondition('This thread was deleted: it cannot be edited');
        const categoryId = body.categoryId ?? post.categoryId;
        const category =
          categoryId === post.categoryId
            ? await repo.categoryById(tx, post.categoryId)
            : await writableCategory(tx, categoryId);
        if (!category) throw notFound('Category');
        assertReviewFields(category.slug, body);
        // Outside a category that shows ratings the film and rating are neither shown nor
        // edited: they stay stored as they were, and show again when the thread returns.
        const reviewEdit = showsRatings(category.slug) ? body : {};
        const namesFilm = reviewEdit.filmId !== undefined || reviewEdit.filmTitle !== undefined;
        const film = namesFilm ? await filmNamed(tx, viewer, reviewEdit) : undefined;
        const next = {
          title: body.title ?? post.title,
          bodySource: body.body ?? post.bodySource,
          categoryId,
          tags: body.tags ?? post.tags,
          filmId: namesFilm ? (film?.id ?? null) : post.filmId,
          filmTitle: namesFilm ? (film?.title ?? null) : post.filmTitle,
          rating: reviewEdit.rating === undefined ? post.rating : reviewEdit.rating,
        };
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
          (key) => JSON.stringify(next[key]) !== JSON.stringify(post[key]),
        );
        if (changed.length === 0) return;
        if (post.authorId === viewer.id && next.bodySource !== post.bodySource) {
          await assertNewAccountLinks(tx, viewer, next.bodySource, 'thread', post.id);
        }
        await repo.editThread(tx, post, viewer.id, {
          ...next,
          bodyHtml: bodyHtml ?? post.bodyHtml,
        });
        if (rendered) {
          await notifyLater(tx, mentionedByEdit, {
            postId: post.id,
            commentId: null,
            mentioned: newlyMentioned(post.bodyHtml, rendered),
          });
        }
        // An experienced moderator's edit of someone else's thread is a moderation action.
        if (post.authorId !== viewer.id) {
          await recordAudit(tx, {
            actor: viewer,
            action: 'post.edit',
            target: { type: 'post', id: post.id, label: next.title },
            before: Object.fromEntries(changed.map((key) => [key, post[key]])),
            after: Object.fromEntries(changed.map((key) => [key, next[key]])),
          });
        }
      });
      return read(viewer, id);
    },

    /** Authors delete their own threads (soft: the page shows a tombstone); twice is fine. */
    async remove(viewer: Viewer, id: number): Promise<void> {
      const post = await repo.threadState(db, id);
      assertSeen(post, viewer);
      if (post.authorId !== viewer.id)
        throw permissionDenied('You can only delete your own threads');
      if (post.deletedAt) return;
      await repo.softDeleteThread(db, id);
    },

    async revisions(viewer: Viewer | null, id: number) {
      const post = await repo.threadState(db, id);
      assertSeen(post, viewer);
      // A deleted thread's earlier versions go with it (moderators still see them).
      if (post.deletedAt && !canModerate(viewer)) return [];
      return (await repo.postRevisionsQuery(db, id)).map(presentRevision);
    },
  };
  return service;
}

export type PostService = ReturnType<typeof createPostService>;
