// `npm run seed:bench`: fills the configured database (DATA_DIR's PGlite, or DATABASE_URL) with
// the benchmark's scale: 1,000 authors, 100,000 threads and 1,000,000 replies, written by the
// database itself with `insert … select generate_series` in batches. The first 100 threads get
// 2,000 replies each (long threads to page through), the rest share the remaining 800,000.
// Also creates the benchmark's signed-in account (a verified moderator, exempt from the write
// rate limits so the write benchmark measures writing). Runs once: a second run sees the mark
// and stops.
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/platform/db/database.js';
import { hashPassword } from '../src/server/features/accounts/password-hash.js';
import { insertAccount } from '../src/server/features/accounts/repo.js';
import { readSetting, writeSetting } from '../src/server/features/site/repo.js';
import { exitWithMessage, openScriptDatabase } from '../src/server/cli/open-database.js';
import { benchAccount, benchScale } from './bench/scale.js';

const mark = 'bench.seeded';
/** Our own integer constants, written into the SQL so the planner knows their types. */
const num = (value: number) => sql.raw(String(Math.trunc(value)));
const replyBatch = 100_000;

async function seed() {
  const started = Date.now();
  const { database, close } = await openScriptDatabase();
  const db = database.db;
  const step = (what: string) =>
    process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}\n`);
  try {
    if (await readSetting(db, mark)) {
      step('already seeded (site setting bench.seeded): nothing to do');
      return;
    }
    const { authors, posts, replies, longThreads, longThreadReplies } = benchScale;
    await insertAccount(db, {
      email: benchAccount.email,
      name: 'Bench Moderator',
      username: benchAccount.username,
      role: 'moderator',
      emailVerified: true,
      passwordHash: await hashPassword(benchAccount.password),
    });
    await db.execute(sql`
      insert into users (id, name, email, email_verified, username, display_username, role, created_at)
      select 'bench-user-' || g, 'Bench Author ' || g, 'bench-author-' || g || '@example.test',
             true, 'bench_author_' || g, 'bench_author_' || g, 'user', now() - interval '400 days'
      from generate_series(1, ${num(authors)}) g`);
    step(`${authors} authors`);

    const [base] = await queryRows<{ base: number }>(
      db,
      sql`select coalesce(max(id), 0)::int as base from posts`,
    );
    const first = (base?.base ?? 0) + 1;
    const categoryIds = (
      await queryRows<{ id: number }>(db, sql`select id from categories order by position, id`)
    ).map((row) => row.id);
    const cats = sql.raw(`array[${categoryIds.join(',')}]::int[]`);
    // Reviews (the first category) get a film and a rating; times spread over ~70 days.
    await db.execute(sql`
      insert into posts (id, category_id, author_id, title, body_source, body_html, tags,
                         film_title, rating, reaction_count, last_activity_at, created_at)
      select ${num(first - 1)} + g, (${cats})[1 + g % ${num(categoryIds.length)}],
             'bench-user-' || (1 + g % ${num(authors)}),
             'Bench thread number ' || g || ': a film worth talking about',
             'Thread ' || g || ' body with **Markdown** and a [link](https://example.com).',
             '<p>Thread ' || g || ' body with <strong>Markdown</strong> and a <a href="https://example.com" rel="nofollow ugc noopener">link</a>.</p>',
             array['tag' || (g % 50), 'cinema'],
             case when g % ${num(categoryIds.length)} = 0 then 'Film ' || g end,
             case when g % ${num(categoryIds.length)} = 0 then 1 + g % 10 end,
             (g * 7919) % 50,
             now() - make_interval(mins => ${num(posts)} - g),
             now() - make_interval(mins => ${num(posts)} - g)
      from generate_series(1, ${num(posts)}) g`);
    await db.execute(
      sql`select setval(pg_get_serial_sequence('posts', 'id'), (select max(id) from posts))`,
    );
    step(`${posts} threads`);

    const long = longThreads * longThreadReplies;
    for (let from = 1; from <= replies; from += replyBatch) {
      const to = Math.min(replies, from + replyBatch - 1);
      await db.execute(sql`
        insert into comments (post_id, author_id, body_source, body_html, created_at)
        select case when g <= ${num(long)}
                    then ${num(first)} + (g - 1) / ${num(longThreadReplies)}
                    else ${num(first + longThreads)} + g % ${num(posts - longThreads)} end,
               'bench-user-' || (1 + g % ${num(authors)}),
               'Reply ' || g || ': I *agree*, mostly.',
               '<p>Reply ' || g || ': I <em>agree</em>, mostly.</p>',
               now() - make_interval(secs => ${num(replies)} - g)
        from generate_series(${num(from)}, ${num(to)}) g`);
      step(`${to} replies`);
    }
    await db.execute(sql`
      update posts set reply_count = counted.n,
                       last_activity_at = greatest(posts.last_activity_at, counted.latest)
      from (select post_id, count(*)::int as n, max(created_at) as latest
            from comments group by post_id) counted
      where posts.id = counted.post_id`);
    step('reply counts and last activity');
    await db.execute(sql`analyze`);
    await writeSetting(db, mark, { posts, replies, at: new Date().toISOString() });
    step('done');
  } finally {
    await close();
  }
}

seed().catch((error: unknown) => {
  console.error(error);
  exitWithMessage(error);
});
