import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/platform/db/database';

export const longThread = { title: 'The longest thread: every Kubrick film ranked', replies: 2000 };

/**
 * Writes a thread with 2,000 replies into a fresh data directory before its server starts
 * (through the API that would take minutes and trip the reply rate limit). The same schema and
 * migrations as the server; the server then opens the directory as its own.
 */
export function seedLongThread(dataDir: string): Promise<void> {
  return seedThread(dataDir, longThread);
}

/**
 * A thread the size of the benchmark's (scripts/seed-bench.ts): fifty replies shown, each a
 * sentence of about a hundred characters after its number, for the page-weight budget.
 */
export const benchSizedThread = {
  title: 'Fifty replies of a sentence each',
  replies: 50,
  words:
    'Plot performances by of the camera they way in one her atmosphere few took producer the time.',
};

/**
 * Writes a thread of `replies` replies by twenty regulars, the last an hour ago; each reply is
 * "Reply number n", then `words` when given.
 */
export async function seedThread(
  dataDir: string,
  thread: { title: string; replies: number; words?: string },
): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const db = database.db;
    await db.execute(sql`
      insert into users (id, name, email, email_verified, username, display_username, role)
      select 'e2e-author-' || g, 'Thread Regular ' || g, 'regular' || g || '@example.test', true,
             'regular_' || g, 'regular_' || g, 'user'
      from generate_series(1, 20) g
      on conflict do nothing`);
    await db.execute(sql`
      insert into posts (category_id, author_id, title, body_source, body_html, reply_count,
                         created_at, last_activity_at)
      select id, 'e2e-author-1', ${thread.title}, 'Rank them all.', '<p>Rank them all.</p>',
             ${thread.replies}, now() - interval '3 days', now() - interval '1 hour'
      from categories where slug = 'discussions'`);
    await db.execute(sql`
      insert into comments (post_id, author_id, body_source, body_html, created_at)
      select (select max(id) from posts), 'e2e-author-' || (1 + g % 20),
             'Reply number ' || g || ${thread.words ? `\n\n${thread.words}` : ''},
             '<p>Reply number ' || g || '</p>' || ${thread.words ? `\n<p>${thread.words}</p>` : ''},
             now() - interval '3 days' + make_interval(secs => g * 60)
      from generate_series(1, ${sql.raw(String(thread.replies))}) g`);
  } finally {
    await database.close();
  }
}

/**
 * A film with `reviews` reviews by the twenty regulars (seedThread writes them), ratings spread
 * over 1–10, each a sentence like the benchmark's: a film page of the size visitors land on.
 */
export const benchSizedFilm = {
  title: 'The Long Take',
  year: 1994,
  reviews: 60,
  words: benchSizedThread.words,
};

export async function seedFilm(
  dataDir: string,
  film: { title: string; year: number; reviews: number; words: string },
): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    await database.migrate();
    const db = database.db;
    await db.execute(sql`insert into films (title, year) values (${film.title}, ${film.year})`);
    // The posts trigger counts each review into the film's figures as it is written.
    await db.execute(sql`
      insert into posts (category_id, author_id, title, body_source, body_html, film_id,
                         film_title, rating, created_at, last_activity_at)
      select c.id, 'e2e-author-' || (1 + g % 20), 'Review ' || g || ' of ' || ${film.title},
             ${film.words}, '<p>' || ${film.words} || '</p>', f.id, f.title, 1 + g % 10,
             now() - make_interval(hours => g), now() - make_interval(hours => g)
      from generate_series(1, ${sql.raw(String(film.reviews))}) g,
           categories c, films f
      where c.slug = 'reviews' and f.title = ${film.title}`);
  } finally {
    await database.close();
  }
}
