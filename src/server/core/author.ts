import type { Author } from '../../shared/forum.js';
import { isRole } from '../../shared/roles.js';
import { users } from './schema.js';

/**
 * How a member appears next to what they wrote or did, everywhere: threads, replies, news, the
 * review queue, the audit log. Raw SQL rows carry timestamps as PostgreSQL text on
 * node-postgres; query-builder rows carry Dates: both go through `iso`.
 */
export interface AuthorFields {
  id: string;
  name: string;
  username: string | null;
  displayUsername: string | null;
  image: string | null;
  role: string;
  deletedAt: Date | string | null;
}

export const deletedUserName = 'deleted user';

/** The author's columns for a query-builder select (`author: authorSelection`). */
export const authorSelection = {
  id: users.id,
  name: users.name,
  username: users.username,
  displayUsername: users.displayUsername,
  image: users.image,
  role: users.role,
  deletedAt: users.deletedAt,
};

/** A raw SQL row's `author_*` columns (lists, reply pages, the review queue). */
export interface AuthorColumns {
  author_id: string;
  author_name: string;
  author_username: string | null;
  author_display_username: string | null;
  author_image: string | null;
  author_role: string;
  author_deleted_at: Date | string | null;
}

export function authorOfRow(row: AuthorColumns): AuthorFields {
  return {
    id: row.author_id,
    name: row.author_name,
    username: row.author_username,
    displayUsername: row.author_display_username,
    image: row.author_image,
    role: row.author_role,
    deletedAt: row.author_deleted_at,
  };
}

/** A deleted member keeps their id (for rank rules) and loses their name, picture and role. */
export function presentAuthor(author: AuthorFields): Author {
  if (author.deletedAt) {
    return { id: author.id, username: null, name: deletedUserName, image: null, role: null };
  }
  return {
    id: author.id,
    username: author.displayUsername ?? author.username,
    name: author.name,
    image: author.image,
    role: isRole(author.role) ? author.role : null,
  };
}

export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
