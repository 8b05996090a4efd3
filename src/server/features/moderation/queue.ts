import { z } from 'zod';
import type {
  ReviewItem,
  ReviewQueueItem,
  reviewQueueQuery,
} from '../../../shared/review-queue.js';
import type { Db } from '../../platform/db/database.js';
import { firstOpenChatReports } from '../chat/index.js';
import { loadChatItems, presentReport } from './chat-items.js';
import { itemKey, loadTargets } from './targets.js';
import type { ItemKey } from './target-repo.js';
import { firstOpenReports, openReportsOn, type FirstReportRow } from './repo.js';
import { iso } from '../../core/author.js';
import {
  boundsPast,
  compareMerged,
  encodeMergedCursor,
  type Kind,
  type MergedEntry,
} from './merged-cursor.js';

/*
 * The review queue: open reports grouped by item (a thread, a reply or a chat message), the
 * item whose first open report is oldest first. Each kind's page walks its reports' open index
 * in time order and keeps only each item's first open report (an earlier open report of the
 * same item rules a row out), so a page costs its own rows however long the queue; the two
 * kinds' pages are merged by time. The cursor is the last item's first report: its exact time,
 * its kind and its id, which stay put while the item waits.
 */
type QueueEntry = MergedEntry;

const keyOf = (row: { post_id: number | string; comment_id: number | string | null }): ItemKey => ({
  postId: Number(row.post_id),
  commentId: row.comment_id === null ? null : Number(row.comment_id),
});

/** Threads and replies of the page, by their first open report. */
async function forumItems(db: Db, firsts: FirstReportRow[]): Promise<Map<number, ReviewItem>> {
  if (firsts.length === 0) return new Map();
  const keys = firsts.map(keyOf);
  const [targets, reports] = await Promise.all([
    loadTargets(db, keys),
    openReportsOn(db, [...new Set(keys.map((key) => key.postId))]),
  ]);
  const reportsByItem = new Map<string, ReviewItem['reports']>();
  for (const row of reports) {
    const key = itemKey(keyOf(row));
    reportsByItem.set(key, [...(reportsByItem.get(key) ?? []), presentReport(row)]);
  }
  const items = new Map<number, ReviewItem>();
  for (const first of firsts) {
    const key = itemKey(keyOf(first));
    const loaded = targets.get(key);
    if (!loaded) continue;
    items.set(Number(first.id), {
      ...loaded,
      reports: reportsByItem.get(key) ?? [],
      firstReportedAt: iso(first.created_at),
    });
  }
  return items;
}

export async function reviewQueue(
  db: Db,
  query: z.output<typeof reviewQueueQuery>,
): Promise<{ items: ReviewQueueItem[]; nextCursor: string | null }> {
  const after = query.cursor ? boundsPast(query.cursor) : undefined;
  const [forumFirsts, chatFirsts] = await Promise.all([
    firstOpenReports(db, after?.forum, query.limit + 1),
    firstOpenChatReports(db, after?.chat, query.limit + 1),
  ]);
  const merged = [
    ...forumFirsts.map((row) => entryOf('forum', row)),
    ...chatFirsts.map((row) => entryOf('chat', row)),
  ].sort(compareMerged);
  const page = merged.slice(0, query.limit);
  if (page.length === 0) return { items: [], nextCursor: null };
  const onPage = (kind: Kind) => new Set(page.filter((e) => e.kind === kind).map((e) => e.id));
  const [forumOnPage, chatOnPage] = [onPage('forum'), onPage('chat')];
  const chatFirstOf = new Map(chatFirsts.map((row) => [Number(row.id), row]));
  const [forum, chat] = await Promise.all([
    forumItems(
      db,
      forumFirsts.filter((row) => forumOnPage.has(Number(row.id))),
    ),
    loadChatItems(
      db,
      chatFirsts
        .filter((row) => chatOnPage.has(Number(row.id)))
        .map((row) => Number(row.message_id)),
    ),
  ]);
  const items = page.flatMap((entry): ReviewQueueItem[] => {
    if (entry.kind === 'forum') {
      const item = forum.get(entry.id);
      return item ? [item] : [];
    }
    const first = chatFirstOf.get(entry.id);
    const item = first && chat.get(Number(first.message_id));
    return first && item ? [{ ...item, firstReportedAt: iso(first.created_at) }] : [];
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor: merged.length > query.limit && last ? encodeMergedCursor(last) : null,
  };
}

function entryOf(kind: Kind, row: { id: number | string; cursor_key: string }): QueueEntry {
  return { kind, id: Number(row.id), key: row.cursor_key };
}
