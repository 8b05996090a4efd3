// `npm run seed:bench`: fills the configured database (DATA_DIR's PGlite, or DATABASE_URL) with
// the benchmark's scale: 1,000 authors, 100,000 threads and 1,000,000 replies, written by the
// database itself with `insert … select generate_series` in batches. The first 100 threads get
// 2,000 replies each (long threads to page through), the rest share the remaining 800,000.
// Titles, thread bodies and replies are words of the benchmark's vocabulary (bench/vocabulary.ts)
// drawn on a Zipf-like curve from a hash of the row and the word's place, so every seed holds the
// same text and search meets common words, rare ones and phrases as on a real site.
// Every tenth reply and every seventh thread is liked by one to three authors, so a signed-in
// reader's likes are looked up as on a real site (threads keep their spread of counts for the
// top sort). Every thread has views, and each member has read 100 threads (seedViewsAndReads).
// Also creates the benchmark's signed-in account (a verified moderator, exempt from the write
// rate limits so the write benchmark measures writing), and on every run (seeded or not) one
// fresh session for each author, so the benchmark reads as 1,000 different members without
// 1,000 sign-ins. Seeds once: a second run sees the mark and stops; a database holding an
// earlier seed is refused, since seeding on top of it would double the data.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../src/server/platform/db/database.js';
import {
  hashPassword,
  insertAccount,
  sessionLifetime,
} from '../src/server/features/accounts/index.js';
import { readSetting, writeSetting } from '../src/server/features/site/index.js';
import { exitWithMessage, openScriptDatabase } from '../src/server/cli/open-database.js';
import type { Db } from '../src/server/platform/db/database.js';
import { benchAccount, benchFilm, benchMemberTokenPrefix, benchScale } from './bench/scale.js';
import { head, lengths, tail, tailShare } from './bench/vocabulary.js';

const mark = 'bench.seeded.v5';
/**
 * Earlier seeds' marks: the same sentence in every thread and reply, useless to search (v1);
 * no likes by members (v2); a thread's like count set by its tag, not by its likes, so "top"
 * in one tag walked a third of the top index (v3); no views and no read marks (v4).
 */
const formerMarks = ['bench.seeded', 'bench.seeded.v2', 'bench.seeded.v3', 'bench.seeded.v4'];
/** Our own integer constants, written into the SQL so the planner knows their types. */
const num = (value: number) => sql.raw(String(Math.trunc(value)));
const replyBatch = 100_000;

/** A word list as an SQL array literal (the words are our own lower-case letters). */
function wordArray(words: readonly string[]) {
  if (!words.every((word) => /^[a-z]+$/.test(word))) throw new Error('unexpected vocabulary word');
  return sql.raw(`'{${words.join(',')}}'::text[]`);
}
const headWords = wordArray(head);
const tailWords = wordArray(tail);

/**
 * Text of `[min, max]` words for the row numbered `row`, as a lateral subquery giving `t`. Each
 * word comes from a 64-bit hash of (row, place, salt): 16 bits pick head or tail, 30 bits pick
 * word number floor(e^(v·ln(n+1))) of n, which is word k with probability ln((k+1)/k)/ln(n+1),
 * close to 1/k.
 */
function words(row: SQL, [min, max]: readonly [number, number], salt: number) {
  const hash = sql`hashint8extended(${row}::bigint * 256 + i, ${num(salt)})`;
  const pick = (list: SQL, size: number) =>
    sql`(${list})[least(${num(size)}, floor(exp((${hash} & 1073741823)::float8 / 1073741824 * ${sql.raw(String(Math.log(size + 1)))}::float8))::int)]`;
  return sql`(select string_agg(
      case when ((${hash} >> 40) & 65535) < ${num(tailShare * 65536)}
           then ${pick(tailWords, tail.length)} else ${pick(headWords, head.length)} end,
      ' ' order by i) as t
    from generate_series(1, ${num(min)} + (hashint8extended(${row}, ${num(salt)}) & 1048575) % ${num(max - min + 1)}) i)`;
}
/** The first letter in capitals, as a sentence starts. */
const sentence = (text: SQL) => sql`upper(left(${text}, 1)) || substr(${text}, 2)`;

async function seed() {
  const started = Date.now();
  const { config, database, close } = await openScriptDatabase();
  const db = database.db;
  const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);
  const step = (what: string) => process.stdout.write(`${elapsed().padStart(6)} s  ${what}\n`);
  try {
    if (await readSetting(db, mark)) {
      await refreshMemberSessions(db);
      step(`already seeded (site setting ${mark}); ${benchScale.authors} member sessions renewed`);
      if (await seedBenchFilms(db))
        step(`films: ${benchFilm.reviews} reviews of ${benchFilm.title}`);
      return;
    }
    const former = await Promise.all(formerMarks.map((name) => readSetting(db, name)));
    if (former.some(Boolean)) {
      throw new Error(
        `This database holds an earlier benchmark seed (site setting ${formerMarks.join(' or ')}). ` +
          'Seed a fresh one: ' +
          (config.embedded
            ? `remove the data directory ${config.dataDir} (or point DATA_DIR elsewhere).`
            : 'drop and create the database again (npm run bench uses viewpoint_bench).'),
      );
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
    const row = sql`g`;
    await db.execute(sql`
      insert into posts (id, category_id, author_id, title, body_source, body_html, tags,
                         film_title, rating, reaction_count, last_activity_at, created_at)
      select ${num(first - 1)} + g, (${cats})[1 + g % ${num(categoryIds.length)}],
             'bench-user-' || (1 + g % ${num(authors)}),
             ${sentence(sql`title.t`)},
             ${sentence(sql`body.t`)} || '.',
             '<p>' || ${sentence(sql`body.t`)} || '.</p>',
             array['tag' || (g % 50), 'cinema'],
             case when g % ${num(categoryIds.length)} = 0 then initcap(film.t) end,
             case when g % ${num(categoryIds.length)} = 0 then 1 + g % 10 end,
             0,
             now() - make_interval(mins => ${num(posts)} - g),
             now() - make_interval(mins => ${num(posts)} - g)
      from generate_series(1, ${num(posts)}) g
      cross join lateral ${words(row, lengths.title, 1)} title
      cross join lateral ${words(row, lengths.body, 2)} body
      cross join lateral ${words(row, lengths.filmTitle, 3)} film`);
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
               ${sentence(sql`reply.t`)} || '.',
               '<p>' || ${sentence(sql`reply.t`)} || '.</p>',
               now() - make_interval(secs => ${num(replies)} - g)
        from generate_series(${num(from)}, ${num(to)}) g
        cross join lateral ${words(row, lengths.reply, 4)} reply`);
      step(`${to} replies`);
    }
    await db.execute(sql`
      update posts set reply_count = counted.n,
                       last_activity_at = greatest(posts.last_activity_at, counted.latest)
      from (select post_id, count(*)::int as n, max(created_at) as latest
            from comments group by post_id) counted
      where posts.id = counted.post_id`);
    step('reply counts and last activity');
    await db.execute(sql`
      insert into comment_reactions (comment_id, user_id)
      select c.id, 'bench-user-' || (1 + (c.id * 31 + k * 337) % ${num(authors)})
      from comments c cross join generate_series(0, (c.id % 3)::int) k
      where c.id % 10 = 0
      on conflict do nothing`);
    await db.execute(sql`
      update comments set reaction_count = liked.n
      from (select comment_id, count(*)::int as n from comment_reactions group by comment_id) liked
      where comments.id = liked.comment_id`);
    await db.execute(sql`
      insert into post_reactions (post_id, user_id)
      select p.id, 'bench-user-' || (1 + (p.id * 17 + k * 211) % ${num(authors)})
      from posts p cross join generate_series(0, (p.id % 3)::int) k
      where p.id % 7 = 0 and p.author_id like 'bench-user-%'
      on conflict do nothing`);
    await db.execute(sql`
      update posts set reaction_count = liked.n
      from (select post_id, count(*)::int as n from post_reactions group by post_id) liked
      where posts.id = liked.post_id`);
    await seedBenchFilms(db);
    step(`films, and ${benchFilm.reviews} reviews of ${benchFilm.title}`);
    await seedViewsAndReads(db, first);
    step('views and read marks');
    await refreshMemberSessions(db);
    step('likes and member sessions');
    // As autovacuum would on a running site (PGlite has none): the search indexes' pending
    // entries merged, the old versions of the threads the counts rewrote removed, statistics.
    await db.execute(sql`vacuum analyze`);
    step('vacuum analyze');
    await writeSetting(db, mark, { posts, replies, at: new Date().toISOString() });
    step(`done: seeded ${config.embedded ? 'PGlite' : 'PostgreSQL'} in ${elapsed()} s`);
  } finally {
    await close();
  }
}

/**
 * The reviews' films: one per distinct film title (as migration 0025 makes them of a site's
 * existing reviews), each with a year drawn from its title, and one film with
 * `benchFilm.reviews` reviews, the film page the benchmark measures at its heaviest. Their
 * figures come from the posts trigger, as a site's do. Runs once: false when the big film is
 * there already (a database seeded before films existed gets them on its next run).
 */
async function seedBenchFilms(db: Db): Promise<boolean> {
  const [there] = await queryRows<{ id: number }>(
    db,
    sql`select id from films where title = ${benchFilm.title} limit 1`,
  );
  if (there) return false;
  await db.execute(sql`
    insert into films (title, year)
    select min(film_title), 1930 + (hashtext(film_key(film_title)) & 2147483647) % 95
    from posts
    where film_title is not null and film_id is null and film_key(film_title) <> ''
    group by film_key(film_title)`);
  await db.execute(sql`
    update posts set film_id = f.id
    from films f
    where posts.film_title is not null and posts.film_id is null
      and f.title_key = film_key(posts.film_title) and f.merged_into_id is null
      and f.year is not null`);
  const [big] = await queryRows<{ id: number }>(
    db,
    sql`insert into films (title, year, director) values (${benchFilm.title}, 1999, 'Bench Director')
        returning id`,
  );
  await db.execute(sql`
    update posts set film_id = ${big?.id ?? 0}, film_title = ${benchFilm.title}
    where id in (select id from posts where rating is not null
                 order by id limit ${num(benchFilm.reviews)})`);
  await db.execute(sql`analyze films`);
  return true;
}

/**
 * Views and read marks, as a site of this size has them: every thread has been viewed, and
 * each member has opened 100 threads, 20 of them among the 2,000 latest and the rest anywhere.
 * Every fourth is read to a reply or two before its end, the rest to the end, so a member's
 * "New" holds threads of both kinds (replies since their visit, fortnight threads never
 * opened). Without them the two tables started empty and filled during a run, planned
 * (and their statements prepared) as empty tables.
 */
async function seedViewsAndReads(db: Db, first: number) {
  const { authors, posts } = benchScale;
  await db.execute(sql`
    insert into thread_views (post_id, views)
    select id, 1 + reply_count * 3 + (hashint8extended(id, 5) & 1023)::int % 200 from posts`);
  const hash = sql`(hashint8extended(m * 1000 + k, 6) & 1073741823)`;
  await db.execute(sql`
    insert into thread_reads (user_id, post_id, last_read_comment_id, read_count)
    select 'bench-user-' || opened.m, p.id,
           case when opened.read_count = 0 then 0
                else (select c.id from comments c where c.post_id = p.id
                      order by c.id offset opened.read_count - 1 limit 1) end,
           opened.read_count
    from (
      select m, k, case when k < 20 then ${num(first + posts - 1)} - ${hash} % 2000
                        else ${num(first)} + ${hash} % ${num(posts)} end as post_id
      from generate_series(1, ${num(authors)}) m cross join generate_series(0, 99) k
    ) picked
    join posts p on p.id = picked.post_id
    cross join lateral (
      select picked.m,
             case when picked.k % 4 = 0 then greatest(p.reply_count - 1 - picked.k % 2, 0)
                  else p.reply_count end as read_count
    ) opened
    on conflict do nothing`);
}

/**
 * One session per author (`benchMemberToken(n)`), valid for the next 30 days and not due for
 * the hourly refresh: written on every run, so the benchmark never meets an expired one.
 */
async function refreshMemberSessions(db: Db) {
  await db.execute(sql`
    insert into sessions (id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
    select 'bench-session-' || g, ${benchMemberTokenPrefix} || g, 'bench-user-' || g,
           now() + make_interval(secs => ${num(sessionLifetime.expiresInSeconds)}),
           '127.0.0.1', 'npm run bench', now(), now()
    from generate_series(1, ${num(benchScale.authors)}) g
    on conflict (id) do update set expires_at = excluded.expires_at, updated_at = excluded.updated_at`);
}

seed().catch((error: unknown) => {
  console.error(error);
  exitWithMessage(error);
});
