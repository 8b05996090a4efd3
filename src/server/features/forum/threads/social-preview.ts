import { shownReview, type Author } from '../../../../shared/forum.js';
import type { Db } from '../../../platform/db/database.js';
import { presentAuthor } from '../../../core/author.js';
import { visibleThreadForPreview } from './repo.js';

/** What a thread's social preview image shows. */
export interface ThreadPreview {
  title: string;
  categoryName: string;
  author: Author;
  /** In a category that shows ratings only: the film and a rating out of ten. */
  filmTitle: string | null;
  rating: number | null;
}

/**
 * A thread as any visitor may see it, for its preview image: undefined when there is none, or
 * when it is deleted, hidden, or in an archived category (news comments live in one and are
 * shown with their article only).
 */
export async function readThreadPreview(db: Db, id: number): Promise<ThreadPreview | undefined> {
  const row = await visibleThreadForPreview(db, id);
  if (!row || row.categoryArchivedAt !== null) return undefined;
  return {
    title: row.title,
    categoryName: row.categoryName,
    author: presentAuthor(row.author),
    ...shownReview(row.categorySlug, row),
  };
}
