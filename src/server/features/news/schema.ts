// The tables this part of the server owns: only its own code reads and writes them (eslint.walls.js).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { searchDocument } from '../../platform/db/columns.js';
import { users } from '../../core/schema.js';
import { posts } from '../forum/schema.js';
import { uploads } from '../uploads/schema.js';

/**
 * News articles written by admins. An article is public once `status` is published, or
 * scheduled with `publish_at` passed (so a scheduled article appears by itself). Its comments
 * are the replies of a discussion thread in the archived `news` category, created when the
 * article is first shown, so they follow the forum's reply rules and moderation.
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    bodySource: text('body_source').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** One of our own uploads (`/media/<id>.webp`), with its alt text. */
    coverUploadId: text('cover_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    coverAlt: text('cover_alt').notNull().default(''),
    /** draft, scheduled or published. */
    status: text('status').notNull().default('draft'),
    /** When a scheduled article goes out; when a published one went out. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    featured: boolean('featured').notNull().default(false),
    discussionPostId: bigint('discussion_post_id', { mode: 'number' }).references(() => posts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: searchDocument(['title', 'A'], ['summary', 'B'], ['body_source', 'D']),
  },
  (table) => [
    index('news_search_idx').using('gin', table.searchVector),
    index('news_public_idx')
      .on(table.featured.desc(), table.publishAt.desc(), table.id.desc())
      .where(sql`${table.status} in ('published', 'scheduled')`),
    index('news_all_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);
