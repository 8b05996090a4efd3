import type { NewsArticle, NewsSummary } from '../../../shared/news.js';
import type { NewsArticleRow, NewsSummaryRow } from './repo.js';
import { effectiveStatus } from './publishing/schedule.js';
import { iso, isoOrNull, presentAuthor } from '../../core/author.js';
import { mediaUrls } from '../uploads/index.js';

/** Article rows become API shapes here and nowhere else. */
export function presentNewsSummary(row: NewsSummaryRow | NewsArticleRow): NewsSummary {
  return {
    id: Number(row.id),
    title: row.title,
    summary: row.summary,
    cover: row.coverUploadId ? { ...mediaUrls(row.coverUploadId), alt: row.coverAlt } : null,
    status: effectiveStatus(row.status, row.visible),
    featured: row.featured,
    publishAt: isoOrNull(row.publishAt),
    author: presentAuthor(row.author),
    commentCount: Number(row.commentCount),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    unread: null,
  };
}

export function presentNewsArticle(row: NewsArticleRow): NewsArticle {
  return {
    ...presentNewsSummary(row),
    bodyHtml: row.bodyHtml,
    bodySource: row.bodySource,
    discussionPostId: row.discussionPostId === null ? null : Number(row.discussionPostId),
  };
}
