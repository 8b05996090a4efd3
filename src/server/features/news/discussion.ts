import { and, eq, isNull, sql } from 'drizzle-orm';
import { categories, newsArticles, posts } from '../../platform/db/schema.js';
import { renderMarkdown } from '../../markdown/render.js';
import type { DbOrTx } from '../audit/audit.js';

/**
 * An article's comments are the replies of a thread in the archived `news` category (seeded by
 * the migration), so they follow the forum's reply rules, limits and moderation. Archived
 * categories refuse new threads from the forum's routes only; this one is opened here.
 */
import { newsCategorySlug } from '../../../shared/forum.js';

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
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, newsCategorySlug));
  if (!category) throw new Error(`the ${newsCategorySlug} category is missing`);
  const [thread] = await tx
    .insert(posts)
    .values({
      categoryId: category.id,
      authorId: article.authorId,
      title: article.title,
      bodySource: article.summary,
      bodyHtml: renderMarkdown(article.summary),
    })
    .returning({ id: posts.id });
  if (!thread) throw new Error('the discussion thread was not created');
  await tx
    .update(newsArticles)
    .set({ discussionPostId: thread.id })
    .where(eq(newsArticles.id, article.id));
}

/** Hides the thread while its article is unpublished or deleted (a moderator's hiding stays). */
export async function hideDiscussion(tx: DbOrTx, postId: number): Promise<void> {
  await tx
    .update(posts)
    .set({ hiddenAt: sql`now()`, hiddenReason: unpublishedReason })
    .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)));
}

/** Shows the thread again when its article is public again, unless a moderator hid it. */
export async function showDiscussion(tx: DbOrTx, postId: number): Promise<void> {
  await tx
    .update(posts)
    .set({ hiddenAt: null, hiddenReason: null })
    .where(and(eq(posts.id, postId), eq(posts.hiddenReason, unpublishedReason)));
}

/** After an edit: the thread follows the article's title, summary and visibility. */
export async function syncDiscussion(
  tx: DbOrTx,
  article: ArticleFields & { discussionPostId: number | null },
  visible: boolean,
): Promise<void> {
  if (article.discussionPostId === null) return;
  await tx
    .update(posts)
    .set({
      title: article.title,
      bodySource: article.summary,
      bodyHtml: renderMarkdown(article.summary),
    })
    .where(eq(posts.id, article.discussionPostId));
  if (visible) await showDiscussion(tx, article.discussionPostId);
  else await hideDiscussion(tx, article.discussionPostId);
}
