import type { DbOrTx } from '../../../core/transaction.js';
import {
  hideDiscussionThread,
  openDiscussionThread,
  retitleDiscussionThread,
  showDiscussionThread,
} from '../../forum/index.js';
import { setDiscussionThread } from '../repo.js';

/**
 * An article's comments are the replies of a forum discussion thread, opened by the forum and
 * hidden while the article is not public.
 */

/** The reason shown on the thread while its article is not public. */
export const unpublishedReason = 'Article unpublished';

interface ArticleFields {
  id: number;
  authorId: string;
  title: string;
  summary: string;
}

/** Opens the discussion of a public article that has none; the thread opens with its summary. */
export async function openDiscussion(tx: DbOrTx, article: ArticleFields): Promise<void> {
  const postId = await openDiscussionThread(tx, article);
  await setDiscussionThread(tx, article.id, postId);
}

/** Hides the thread while its article is unpublished or deleted (a moderator's hiding stays). */
export const hideDiscussion = (tx: DbOrTx, postId: number) =>
  hideDiscussionThread(tx, postId, unpublishedReason);

/** Shows the thread again when its article is public again, unless a moderator hid it. */
export const showDiscussion = (tx: DbOrTx, postId: number) =>
  showDiscussionThread(tx, postId, unpublishedReason);

/** After an edit: the thread follows the article's title, summary and visibility. */
export async function syncDiscussion(
  tx: DbOrTx,
  article: ArticleFields & { discussionPostId: number | null },
  visible: boolean,
): Promise<void> {
  if (article.discussionPostId === null) return;
  await retitleDiscussionThread(tx, article.discussionPostId, article);
  if (visible) await showDiscussion(tx, article.discussionPostId);
  else await hideDiscussion(tx, article.discussionPostId);
}
