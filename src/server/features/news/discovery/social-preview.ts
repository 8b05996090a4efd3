import type { Author } from '../../../../shared/forum.js';
import type { Db } from '../../../platform/db/database.js';
import { presentAuthor } from '../../../core/author.js';
import { findArticle } from '../repo.js';

/** What a news article's social preview image shows. */
export interface ArticlePreview {
  title: string;
  author: Author;
  publishedAt: Date;
}

/**
 * A public article, for its preview image: undefined for an unknown id, a draft, or an article
 * scheduled for later (it is not there for visitors yet).
 */
export async function readArticlePreview(db: Db, id: number): Promise<ArticlePreview | undefined> {
  const row = await findArticle(db, id);
  if (!row?.visible) return undefined;
  return {
    title: row.title,
    author: presentAuthor(row.author),
    publishedAt: row.publishAt ?? row.createdAt,
  };
}
