import type { z } from 'zod';
import { invalidArgument, notFound } from '../../../shared/errors.js';
import type {
  createNewsBody,
  NewsArticle,
  newsCoverSchema,
  updateNewsBody,
} from '../../../shared/news.js';
import { can } from '../../../shared/permissions.js';
import type { Db } from '../../platform/db/database.js';
import { renderMarkdown } from '../../markdown/render.js';
import {
  hideDiscussion,
  openDiscussion,
  showDiscussion,
  syncDiscussion,
  unpublishedReason,
} from './publishing/discussion.js';
import { presentNewsArticle, presentNewsSummary } from './presenter.js';
import * as repo from './repo.js';
import { effectiveStatus, resolveSchedule } from './publishing/schedule.js';
import type { Viewer } from '../../core/viewer.js';
import { recordAudit } from '../../core/audit.js';
import type { DbOrTx } from '../../core/transaction.js';
import { notifyLater } from '../../core/notify.js';
import { articlePublished } from './notify-events.js';
import { threadReadsOf } from '../notifications/index.js';
import { uploadExists } from '../uploads/index.js';

/** How long an article a member has not opened counts as new to them. */
const newForMs = 14 * 86_400_000;

/**
 * Members who asked for news hear of an article when it goes out: now, or at its scheduled
 * time (the job then finds it public, or drops it if it was taken back or moved).
 */
async function announce(
  tx: DbOrTx,
  article: { id: number; status: string; publishAt: Date | null },
) {
  if (article.status !== 'published' && article.status !== 'scheduled') return;
  const runAt = article.status === 'scheduled' && article.publishAt ? article.publishAt : undefined;
  await notifyLater(tx, articlePublished, { articleId: article.id }, runAt ? { runAt } : {});
}

type Cover = z.output<typeof newsCoverSchema> | null;

const mediaId = /^\/media\/([a-z0-9]{20,40})(?:\.thumb)?\.webp$/;

/** A cover is one of this site's uploads: its id is stored, never the URL a client sent. */
async function coverUploadId(tx: DbOrTx, cover: Cover): Promise<string | null> {
  if (!cover) return null;
  const id = mediaId.exec(cover.url)?.[1];
  if (id === undefined || !(await uploadExists(tx, id))) {
    throw invalidArgument('Choose a cover image uploaded to this site', { field: 'cover.url' });
  }
  return id;
}

/** What the audit log keeps of an article (not its body, which may be long). */
const snapshot = (row: repo.ArticleRow) => ({
  title: row.title,
  summary: row.summary,
  status: row.status,
  publishAt: row.publishAt?.toISOString() ?? null,
  featured: row.featured,
  coverUploadId: row.coverUploadId,
  coverAlt: row.coverAlt,
});

const canWrite = (viewer: Viewer | null) => can(viewer?.role, 'news.write');

/** News: admins write, everyone reads what is public; comments are a forum thread's replies. */
export function createNewsService(db: Db) {
  /**
   * A public article always has a visible discussion: it is opened on the first read after
   * the article went out (so a scheduled article needs no timer) and shown again after an
   * unpublished spell.
   */
  async function ensureDiscussion(row: repo.NewsArticleRow): Promise<boolean> {
    const hiddenByUs =
      row.discussionHiddenAt !== null && row.discussionHiddenReason === unpublishedReason;
    if (!row.visible || (row.discussionPostId !== null && !hiddenByUs)) return false;
    await db.transaction(async (tx) => {
      // Locked, so two first readers open one thread between them.
      const locked = await repo.lockArticle(tx, Number(row.id));
      if (!locked?.visible) return;
      const postId = locked.article.discussionPostId;
      if (postId === null) await openDiscussion(tx, locked.article);
      else await showDiscussion(tx, postId);
    });
    return true;
  }

  async function read(viewer: Viewer | null, id: number): Promise<NewsArticle> {
    let row = await repo.findArticle(db, id);
    if (!row || (!row.visible && !canWrite(viewer))) throw notFound('News article');
    if (await ensureDiscussion(row)) row = await repo.findArticle(db, id);
    if (!row) throw notFound('News article');
    return presentNewsArticle(row);
  }

  return {
    read,

    /** The public list; for a signed-in reader, what is new to them in each article. */
    async listPublic(
      query: { cursor?: string | undefined; limit: number },
      viewer: Viewer | null = null,
    ) {
      const { rows, nextCursor } = await repo.listPublic(db, query);
      const items = rows.map(presentNewsSummary);
      if (!viewer) return { items, nextCursor };
      const discussions = rows.flatMap((row) =>
        row.discussionPostId === null ? [] : [Number(row.discussionPostId)],
      );
      const reads = await threadReadsOf(db, viewer.id, discussions);
      const recent = Date.now() - newForMs;
      return {
        nextCursor,
        items: items.map((item, index) => {
          const discussion = rows[index]?.discussionPostId;
          const readCount = discussion == null ? undefined : reads.get(Number(discussion));
          if (readCount !== undefined) {
            return {
              ...item,
              unread: { seen: true, replies: Math.max(0, item.commentCount - readCount) },
            };
          }
          const fresh = item.publishAt !== null && Date.parse(item.publishAt) > recent;
          return { ...item, unread: fresh ? { seen: false, replies: item.commentCount } : null };
        }),
      };
    },

    async listAll(query: { cursor?: string | undefined; limit: number }) {
      const { rows, nextCursor } = await repo.listAll(db, query);
      return { items: rows.map(presentNewsSummary), nextCursor };
    },

    async create(viewer: Viewer, body: z.output<typeof createNewsBody>): Promise<NewsArticle> {
      const schedule = resolveSchedule(body, null);
      const bodyHtml = renderMarkdown(body.body);
      const id = await db.transaction(async (tx) => {
        const coverId = await coverUploadId(tx, body.cover);
        const created = await repo.insertArticle(tx, {
          authorId: viewer.id,
          title: body.title,
          summary: body.summary,
          bodySource: body.body,
          bodyHtml,
          coverUploadId: coverId,
          coverAlt: body.cover?.alt ?? '',
          ...schedule,
          featured: body.featured,
        });
        if (!created) throw notFound('News article');
        await announce(tx, created);
        await recordAudit(tx, {
          actor: viewer,
          action: 'news.create',
          target: { type: 'news', id: created.id, label: created.title },
          after: snapshot(created),
        });
        return created.id;
      });
      return read(viewer, id);
    },

    async update(
      viewer: Viewer,
      id: number,
      body: z.output<typeof updateNewsBody>,
    ): Promise<NewsArticle> {
      const bodyHtml = body.body === undefined ? undefined : renderMarkdown(body.body);
      await db.transaction(async (tx) => {
        const locked = await repo.lockArticle(tx, id);
        if (!locked) throw notFound('News article');
        const { article } = locked;
        const current = {
          status: effectiveStatus(article.status, locked.visible),
          publishAt: article.publishAt,
        };
        const schedule = resolveSchedule(body, current);
        const coverId =
          body.cover === undefined ? article.coverUploadId : await coverUploadId(tx, body.cover);
        const updated = await repo.updateArticle(tx, id, {
          title: body.title ?? article.title,
          summary: body.summary ?? article.summary,
          bodySource: body.body ?? article.bodySource,
          bodyHtml: bodyHtml ?? article.bodyHtml,
          coverUploadId: coverId,
          coverAlt: body.cover === undefined ? article.coverAlt : (body.cover?.alt ?? ''),
          ...schedule,
          featured: body.featured ?? article.featured,
        });
        if (!updated) throw notFound('News article');
        await syncDiscussion(tx, updated.article, updated.visible);
        await announce(tx, updated.article);
        await recordAudit(tx, {
          actor: viewer,
          action: 'news.update',
          target: { type: 'news', id, label: updated.article.title },
          before: snapshot(article),
          after: snapshot(updated.article),
        });
      });
      return read(viewer, id);
    },

    /** Deletes an article for good; its discussion thread is hidden, its replies kept. */
    async remove(viewer: Viewer, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const locked = await repo.lockArticle(tx, id);
        if (!locked) throw notFound('News article');
        const { article } = locked;
        await repo.deleteArticle(tx, id);
        if (article.discussionPostId !== null) await hideDiscussion(tx, article.discussionPostId);
        await recordAudit(tx, {
          actor: viewer,
          action: 'news.delete',
          target: { type: 'news', id, label: article.title },
          before: snapshot(article),
        });
      });
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
