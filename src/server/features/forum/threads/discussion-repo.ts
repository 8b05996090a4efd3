import { and, eq, isNull, sql } from 'drizzle-orm';
import { newsCategorySlug } from '../../../../shared/forum.js';
import type { DbOrTx } from '../../../core/transaction.js';
import { categories, posts } from '../schema.js';
import { renderMarkdown } from '../../../markdown/render.js';

/**
 * Discussion threads: a thread that another feature's page carries as its comments (a news
 * article's). It lives in the archived `news` category (seeded by the migration), so its replies
 * follow the forum's reply rules, limits and moderation; archived categories refuse new threads
 * from the forum's own routes only. The thread opens with the page's summary.
 */
export interface DiscussionOpening {
  authorId: string;
  title: string;
  summary: string;
}

/** Opens a discussion thread and answers its id. */
export async function openDiscussionThread(
  tx: DbOrTx,
  opening: DiscussionOpening,
): Promise<number> {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, newsCategorySlug));
  if (!category) throw new Error(`the ${newsCategorySlug} category is missing`);
  const [thread] = await tx
    .insert(posts)
    .values({
      categoryId: category.id,
      authorId: opening.authorId,
      title: opening.title,
      bodySource: opening.summary,
      bodyHtml: renderMarkdown(opening.summary),
    })
    .returning({ id: posts.id });
  if (!thread) throw new Error('the discussion thread was not created');
  return thread.id;
}

/** The thread follows its page's title and summary. */
export async function retitleDiscussionThread(
  tx: DbOrTx,
  postId: number,
  opening: Omit<DiscussionOpening, 'authorId'>,
): Promise<void> {
  await tx
    .update(posts)
    .set({
      title: opening.title,
      bodySource: opening.summary,
      bodyHtml: renderMarkdown(opening.summary),
    })
    .where(eq(posts.id, postId));
}

/** Hides the thread for `reason`, unless it is hidden already (a moderator's hiding stays). */
export async function hideDiscussionThread(tx: DbOrTx, postId: number, reason: string) {
  await tx
    .update(posts)
    .set({ hiddenAt: sql`now()`, hiddenReason: reason })
    .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)));
}

/** Shows the thread again if it was hidden for `reason` (never lifts a moderator's hiding). */
export async function showDiscussionThread(tx: DbOrTx, postId: number, reason: string) {
  await tx
    .update(posts)
    .set({ hiddenAt: null, hiddenReason: null })
    .where(and(eq(posts.id, postId), eq(posts.hiddenReason, reason)));
}
