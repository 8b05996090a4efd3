import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../platform/db/database.js';
import { knownMigrations } from '../../platform/db/migrations.js';
import { queryRows } from '../../platform/db/query.js';

/*
 * Migration 0025 turns the film titles of existing reviews into films: one per normalised title
 * (case, diacritics, a leading article, extra spaces) and year where the title gave one; what
 * is ambiguous stays several films for the duplicates list; the figures count visible reviews.
 */
describe('existing reviews becoming films', () => {
  it('groups titles written differently, keeps ambiguous ones apart, and counts only visible reviews', async () => {
    const known = await knownMigrations();
    const before = known.findIndex((step) => step.tag === '0025_films') - 1;
    const database = await openPglite(undefined);
    try {
      await database.migrate({ upTo: known[before]!.when });
      const db = database.db;
      await db.execute(sql`insert into users (id, name, email, username)
        values ('critic', 'Critic', 'critic@example.test', 'critic')`);
      const reviews: [string, number, { hidden?: boolean; category?: string }?][] = [
        ['The Matrix (1999)', 9],
        ['matrix  (1999)', 7],
        ['The Matrix', 8],
        ['Amélie', 10],
        ['  amelie ', 6],
        ['Heat (1995)', 9],
        ['Heat (1986)', 4],
        ['Heat (1995)', 2, { hidden: true }],
        ['Heat (1995)', 3, { category: 'discussions' }],
      ];
      for (const [filmTitle, rating, options = {}] of reviews) {
        await db.execute(sql`insert into posts
            (category_id, author_id, title, body_source, body_html, film_title, rating, hidden_at)
          values ((select id from categories where slug = ${options.category ?? 'reviews'}),
            'critic', 'A review', 'Text', '<p>Text</p>', ${filmTitle}, ${rating},
            ${options.hidden ? sql`now()` : sql`null`})`);
      }

      await database.migrate();

      const films = await queryRows<{
        title: string;
        year: number | null;
        review_count: number;
        rating_sum: number;
        histogram: number[];
        linked: number;
      }>(
        db,
        sql`select f.title, f.year, f.review_count, f.rating_sum, f.histogram,
            (select count(*)::int from posts p where p.film_id = f.id) as linked
          from films f order by f.title_key, f.year nulls first`,
      );
      expect(films).toEqual([
        {
          title: 'Amélie',
          year: null,
          review_count: 2,
          rating_sum: 16,
          histogram: [0, 0, 0, 0, 0, 1, 0, 0, 0, 1],
          linked: 2,
        },
        {
          title: 'Heat',
          year: 1986,
          review_count: 1,
          rating_sum: 4,
          histogram: [0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
          linked: 1,
        },
        {
          // The hidden review and the one outside Reviews belong to it and count for nothing.
          title: 'Heat',
          year: 1995,
          review_count: 1,
          rating_sum: 9,
          histogram: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
          linked: 3,
        },
        {
          // No year: it may be the 1999 film or another; the duplicates list offers the pair.
          title: 'The Matrix',
          year: null,
          review_count: 1,
          rating_sum: 8,
          histogram: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
          linked: 1,
        },
        {
          title: expect.stringMatching(/^(The Matrix|matrix)$/) as string,
          year: 1999,
          review_count: 2,
          rating_sum: 16,
          histogram: [0, 0, 0, 0, 0, 0, 1, 0, 1, 0],
          linked: 2,
        },
      ]);
    } finally {
      await database.close();
    }
  });
});
