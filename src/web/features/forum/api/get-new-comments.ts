import type { QueryClient } from '@tanstack/react-query';
import type { Comment, CommentPage } from '../../../../shared/forum';
import { queryKeys } from '../../../api/query-keys';
import { getComments, type CommentPages } from './get-comments';

/** At most this many pages are read at once for replies written since the last one shown. */
const newPagesMax = 4;

/** Where the cached replies stand: loaded, the thread's count, and whether the last page is. */
export function cachedReplies(data: { pages: readonly CommentPage[] } | undefined) {
  const pages = data?.pages ?? [];
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return {
    loaded,
    total: pages.at(-1)?.total ?? 0,
    /** The last page is loaded: a reply written now belongs right after the last one here. */
    complete: pages.length > 0 && pages.at(-1)?.nextCursor === null,
    lastId: pages.at(-1)?.items.at(-1)?.id ?? null,
  };
}

/**
 * The thread now holds `total` replies: every cached page says so. Never lowered: replies stay
 * in a thread, so a smaller count is older news that arrived late.
 */
export function noteCommentTotal(queryClient: QueryClient, postId: number, total: number): void {
  queryClient.setQueryData<CommentPages>(queryKeys.comments(postId), (data) => {
    if (!data || data.pages.every((page) => page.total >= total)) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, total })) };
  });
}

/**
 * Reads the replies written after the last one cached, once the last page is loaded: that page
 * is read again from where it began (and the pages after it, when it has filled up) and stands
 * for what was cached from there on. Rows already shown keep their objects, so only the new ones
 * render, and a reply of one's own added while the pages were read stays at the end; nothing is
 * read for the pages before. Answers the new replies, oldest first.
 */
export async function loadNewComments(queryClient: QueryClient, postId: number) {
  const key = queryKeys.comments(postId);
  const data = queryClient.getQueryData<CommentPages>(key);
  if (!data || !cachedReplies(data).complete) return [];
  const from = data.pageParams.at(-1) ?? null;
  const read: { param: string | null; page: CommentPage }[] = [];
  let param = from;
  for (let round = 0; round < newPagesMax; round += 1) {
    const page = await getComments(postId, param);
    read.push({ param, page });
    if (page.nextCursor === null) break;
    param = page.nextCursor;
  }
  let added: Comment[] = [];
  queryClient.setQueryData<CommentPages>(key, (current) => {
    const end = (current?.pages.length ?? 0) - 1;
    const last = current?.pages[end];
    // Another read changed the pages meanwhile (a refetch, "Load more"): theirs stands.
    if (!current || !last || current.pageParams[end] !== from || last.nextCursor !== null) {
      return current;
    }
    const shown = new Map(last.items.map((item) => [item.id, item]));
    const answered = read.flatMap(({ page }) => page.items);
    added = answered.filter((item) => !shown.has(item.id));
    const newestRead = answered.at(-1)?.id ?? 0;
    const laterOwn = last.items.filter((item) => item.id > newestRead);
    const total = (read.at(-1)?.page.total ?? last.total) + laterOwn.length;
    const tail = read.map(({ page }, index) => ({
      items: [
        ...page.items.map((item) => shown.get(item.id) ?? item),
        ...(index === read.length - 1 ? laterOwn : []),
      ],
      nextCursor: page.nextCursor,
      total,
    }));
    return {
      pageParams: [...current.pageParams.slice(0, end), ...read.map((each) => each.param)],
      pages: [...current.pages.slice(0, end).map((page) => ({ ...page, total })), ...tail],
    };
  });
  return added;
}
