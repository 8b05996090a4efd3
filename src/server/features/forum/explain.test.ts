import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectIndexedPlan, parsePlan, planOf, type PlanNode } from '../../test/plans.js';
import {
  authorCommentsQuery,
  commentPageQuery,
  viewerReactionsQuery,
  postListQuery,
  type PostListFilter,
} from './repo.js';

/**
 * Every list the forum serves must walk an index, never read the whole table: EXPLAIN runs on
 * the very query builders the routes use, over a few thousand seeded threads and replies.
 */
let t: TestApp;
const db = () => t.platforms.database.db;

const threads = 4_000;
/** Thread 5 is a long one; the other replies spread over 2,000 threads, about 10 each. */
const longThread = 5;
const replies = 20_000;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  await db().execute(sql`insert into users (id, name, email, username)
    select 'seed-' || g, 'Seed ' || g, 'seed' || g || '@example.test', 'seed_' || g
    from generate_series(1, 2000) g`);
  // Categories 1-3 share most threads; category 4 is a small one (2%), where only its own
  // index can find a page quickly. Times are shuffled (a thread's place in the table says
  // nothing of its age or activity, as on a live forum, where replies bump old threads).
  // Member 1 wrote a quarter of them, as a site's most prolific member might.
  await db().execute(sql`insert into posts (category_id, author_id, title, body_source, body_html,
      tags, pinned, reaction_count, created_at, last_activity_at, deleted_at, hidden_at)
    select case when g % 50 = 0 then 4 else 1 + g % 3 end,
      case when g % 4 = 0 then 'seed-1' else 'seed-' || (1 + g % 2000) end,
      'Seeded thread ' || g, 'Body', '<p>Body</p>',
      array['tag-' || (g % 50), 'genre-' || (g % 7)], g % 500 = 0, g % 97,
      now() - ((g * 7919) % ${threads}) * interval '1 minute',
      now() - ((g * 3571) % ${threads}) * interval '30 seconds',
      case when g % 100 = 1 then now() end, case when g % 100 = 2 then now() end
    from generate_series(1, ${threads}) g`);
  await db()
    .execute(sql`insert into comments (post_id, author_id, body_source, body_html, created_at, reply_to_id)
    select case when g % 50 = 0 then ${longThread} else 1 + g % 2000 end, 'seed-' || (1 + g % 50),
      'Reply ' || g, '<p>Reply</p>', now() - (${replies} - g) * interval '1 second',
      case when g > 100 and g % 3 = 0 then g - 80 end
    from generate_series(1, ${replies}) g`);
  await db().execute(sql`insert into comment_reactions (comment_id, user_id)
    select c, 'seed-' || u from generate_series(1, ${replies}, 7) c, generate_series(1, 5) u`);
  // As autovacuum leaves a table: its statistics gathered and its settled pages marked
  // all-visible (the visibility map is what lets a tag's list be walked in the index alone).
  await db().execute(sql`vacuum analyze`);
});
afterAll(() => t.close());

/** The plan reads `table` through one of `indexes` and never scans a forum table whole. */
const forumTables = ['posts', 'comments', 'users', 'comment_reactions'];
const expectPlan = (nodes: PlanNode[], _table: string, indexes: string[]) =>
  expectIndexedPlan(nodes, indexes, forumTables);
const expectIndexed = async (query: SQLWrapper, table: string, indexes: string[]) =>
  expectPlan(await planOf(db(), query), table, indexes);

const list = (filter: Partial<PostListFilter>) =>
  postListQuery({ sort: 'latest', limit: 21, ...filter });

/** The cursor a client would hold after `offset` rows of a sort. */
async function cursorAt(sort: 'latest' | 'newest', offset: number) {
  const column = sort === 'latest' ? sql`last_activity_at` : sql`created_at`;
  const [row] = await queryRows<{ pinned: boolean; key: string; id: number | string }>(
    db(),
    sql`select pinned, to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id
      from posts where deleted_at is null and hidden_at is null
      order by pinned desc, ${column} desc, id desc offset ${offset} limit 1`,
  );
  if (!row) throw new Error('no row');
  return { pinned: row.pinned, key: row.key, id: Number(row.id) };
}

describe('statistics', () => {
  it('are gathered for what queries filter and sort by, never for the bodies (migration 0016)', async () => {
    const analysed = await queryRows<{ table: string; column: string }>(
      db(),
      sql`select tablename as table, attname as column from pg_stats
        where schemaname = 'public' and tablename in ('posts', 'comments')
        order by 1, 2`,
    );
    const columns = analysed.map((row) => `${row.table}.${row.column}`);
    expect(columns).toEqual(
      expect.arrayContaining(['posts.category_id', 'posts.tags', 'posts.search_vector']),
    );
    expect(columns.filter((column) => column.includes('.body_'))).toEqual([]);
  });
});

describe('the thread list uses its indexes', () => {
  it.each([
    ['latest', 'posts_latest_idx'],
    ['newest', 'posts_newest_idx'],
    ['top', 'posts_top_idx'],
  ] as const)('first page, %s', async (sort, index) => {
    await expectIndexed(list({ sort }), 'posts', [index]);
  });

  it.each([
    ['latest', 'posts_category_latest_idx'],
    ['newest', 'posts_category_newest_idx'],
    ['top', 'posts_category_top_idx'],
  ] as const)('one category, %s', async (sort, index) => {
    await expectIndexed(list({ sort, categoryId: 4 }), 'posts', [index]);
    // In a category holding a third of all threads, the sort's own index serves as well.
    await expectIndexed(list({ sort, categoryId: 2 }), 'posts', [
      index,
      index.replace('category_', ''),
    ]);
  });

  it('a deep cursor page, latest and newest, with and without a category', async () => {
    const latest = await cursorAt('latest', 2_500);
    await expectIndexed(list({ sort: 'latest', after: latest }), 'posts', ['posts_latest_idx']);
    const newest = await cursorAt('newest', 3_000);
    await expectIndexed(list({ sort: 'newest', after: newest }), 'posts', ['posts_newest_idx']);
    await expectIndexed(list({ sort: 'latest', categoryId: 4, after: latest }), 'posts', [
      'posts_category_latest_idx',
    ]);
    await expectIndexed(
      list({ sort: 'top', after: { pinned: false, key: 40, id: 2_000 } }),
      'posts',
      ['posts_top_idx'],
    );
  });

  it('a tag', async () => {
    await expectIndexed(list({ tag: 'tag-7' }), 'posts', ['posts_tags_idx', 'posts_latest_idx']);
    await expectIndexed(list({ tag: 'genre-3', sort: 'newest' }), 'posts', [
      'posts_tags_idx',
      'posts_newest_idx',
    ]);
  });

  it("an author's threads, in the profile's order without a sort", async () => {
    // Walked in order (an index scan, not a bitmap of every thread of the author to sort).
    const plan = await planOf(db(), list({ author: 'seed_1', sort: 'newest' }));
    const ordered = plan.filter(
      (node) =>
        ['Index Scan', 'Index Only Scan'].includes(node['Node Type']) &&
        node['Index Name'] === 'posts_author_newest_idx',
    );
    expect(ordered, JSON.stringify(plan.map((node) => node['Node Type']))).toHaveLength(1);
    await expectIndexed(list({ author: 'seed_7' }), 'posts', ['posts_author_newest_idx']);
    await expectIndexed(list({ author: 'seed_1' }), 'posts', [
      'posts_author_newest_idx',
      'posts_latest_idx',
    ]);
  });
});

describe('replies use their indexes', () => {
  const page = (filter: Partial<Parameters<typeof commentPageQuery>[0]>): SQL =>
    commentPageQuery({
      postId: longThread,
      afterId: 0,
      limit: 21,
      viewerId: null,
      ...filter,
    });

  it('the first and a deep page of a thread', async () => {
    await expectIndexed(page({}), 'comments', ['comments_post_idx']);
    await expectIndexed(page({ afterId: 15_000 }), 'comments', ['comments_post_idx']);
    await expectIndexed(page({ postId: 77 }), 'comments', ['comments_post_idx']);
  });

  it('which replies of a page the viewer liked', async () => {
    await expectIndexed(viewerReactionsQuery('seed-1', '{1,2,3,4,5}'), 'comment_reactions', [
      'comment_reactions_comment_id_user_id_pk',
    ]);
  });

  it("a profile's replies, first and deep page", async () => {
    await expectIndexed(authorCommentsQuery({ author: 'seed_9', limit: 21 }), 'comments', [
      'comments_author_idx',
    ]);
    const [row] = await queryRows<{ key: string; id: number | string }>(
      db(),
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id
        from comments where author_id = 'seed-9' order by created_at desc, id desc offset 200 limit 1`,
    );
    const after = { createdAt: row?.key ?? '', id: Number(row?.id) };
    await expectIndexed(authorCommentsQuery({ author: 'seed_9', limit: 21, after }), 'comments', [
      'comments_author_idx',
    ]);
  });
});

/**
 * read-repo.ts runs these queries as prepared statements, which PostgreSQL soon runs with a
 * generic plan, made without the values: those plans must use the indexes too.
 */
describe('prepared statements keep to their indexes', () => {
  const p = sql.placeholder;
  const dialect = new PgDialect();
  let statements = 0;
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

  async function genericPlanOf(query: SQL, values: Record<string, unknown>, options = '') {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const args = params.map((param) => literal(values[(param as { name: string }).name]));
    const name = `forum_explain_${++statements}`;
    const execute = args.length > 0 ? `execute ${name}(${args.join(', ')})` : `execute ${name}`;
    return db().transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare ${name} as ${text}`));
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql.raw(`explain (${options}format json) ${execute}`),
      );
      // A prepared statement outlives its transaction; each has its own name all the same.
      await tx.execute(sql.raw(`deallocate ${name}`));
      return parsePlan(row?.['QUERY PLAN']);
    });
  }

  it('the first page and a deep page of a category', async () => {
    const first = await genericPlanOf(postListQuery({ sort: 'latest', limit: 21 }), {});
    expectPlan(first, 'posts', ['posts_latest_idx']);
    const after = await cursorAt('latest', 2_500);
    const deep = await genericPlanOf(
      postListQuery({
        sort: 'latest',
        limit: 21,
        categoryId: p('categoryId'),
        after: { pinned: false, key: p('key'), id: p('id') },
      }),
      { categoryId: 4, key: after.key, id: after.id },
    );
    expectPlan(deep, 'posts', ['posts_category_latest_idx', 'posts_latest_idx']);
  });

  it("a thread's replies and a profile's replies", async () => {
    const page = await genericPlanOf(
      commentPageQuery({
        postId: p('postId'),
        afterId: p('afterId'),
        limit: 21,
        viewerId: p('viewerId'),
      }),
      { postId: 77, afterId: 0, viewerId: 'seed-3' },
    );
    expectPlan(page, 'comments', ['comments_post_idx']);
    expectPlan(page, 'comment_reactions', ['comment_reactions_comment_id_user_id_pk']);
    const profile = await genericPlanOf(authorCommentsQuery({ author: p('author'), limit: 21 }), {
      author: 'seed_9',
    });
    expectPlan(profile, 'comments', ['comments_author_idx']);
  });

  it('the list without the news category (news comments are shown with their article)', async () => {
    const [news] = await queryRows<{ id: number }>(
      db(),
      sql`select id from categories where slug = 'news'`,
    );
    const newsCategory = Number(news?.id);
    const direct = postListQuery({ sort: 'latest', limit: 21, excludeCategoryId: newsCategory });
    expectPlan(await planOf(db(), direct), 'posts', ['posts_latest_idx']);
    const prepared = await genericPlanOf(
      postListQuery({ sort: 'newest', limit: 21, excludeCategoryId: p('excludeCategoryId') }),
      { excludeCategoryId: newsCategory },
    );
    expectPlan(prepared, 'posts', ['posts_newest_idx']);
  });

  it("a member's New walks the latest order in the index alone, looking up only the threads they opened", async () => {
    const member = 'seed-3';
    // They opened the 30 most recently active threads: read to the end, or a reply behind.
    await db()
      .execute(sql`insert into thread_reads (user_id, post_id, last_read_comment_id, read_count)
      select ${member}, id, 0, case when n % 2 = 0 then reply_count else reply_count - 1 end
      from (select id, reply_count,
          row_number() over (order by pinned desc, last_activity_at desc, id desc) as n
        from posts where deleted_at is null and hidden_at is null) as walked
      where n <= 30`);
    try {
      const nodes = await genericPlanOf(
        postListQuery({ sort: 'latest', limit: 21, unreadBy: p('unreadBy') }),
        { unreadBy: member },
        'analyze, ',
      );
      const walk = nodes.find((node) => node['Index Name'] === 'posts_latest_idx');
      expect(walk?.['Node Type']).toBe('Index Only Scan');
      // Their opened threads are read once, as a set; how far they read is looked up for each
      // of the 30 alone, not for every thread the walk passes (it passes more to fill a page).
      const reads = nodes.filter((node) => node['Relation Name'] === 'thread_reads');
      expect(
        reads.map((node) => node['Actual Loops']).sort((a, b) => Number(a) - Number(b)),
      ).toEqual([1, 30]);
    } finally {
      await db().execute(sql`delete from thread_reads where user_id = ${member}`);
    }
  });

  it("a common tag's list without the news category is walked in the index alone", async () => {
    const [news] = await queryRows<{ id: number }>(
      db(),
      sql`select id from categories where slug = 'news'`,
    );
    for (const sort of ['latest', 'newest', 'top'] as const) {
      const nodes = await planOf(
        db(),
        postListQuery({ sort, limit: 21, tag: 'genre-3', excludeCategoryId: Number(news?.id) }),
      );
      const walk = nodes.find((node) => node['Index Name'] === `posts_${sort}_idx`);
      expect(walk?.['Node Type'], sort).toBe('Index Only Scan');
    }
  });
});
