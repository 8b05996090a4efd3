import { sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { postListQuery } from '../forum/repo.js';
import { allPageQuery, publicPageQuery } from './repo.js';

/**
 * The news lists walk their indexes, and leaving the news category out of the forum's thread
 * list keeps that list on its index (EXPLAIN over a few thousand seeded rows).
 */
let t: TestApp;
const db = () => t.platforms.database.db;
let newsCategory = 0;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  await db().execute(sql`insert into users (id, name, email, username)
    select 'seed-' || g, 'Seed ' || g, 'seed' || g || '@example.test', 'seed_' || g
    from generate_series(1, 2000) g`);
  const [news] = await queryRows<{ id: number }>(
    db(),
    sql`select id from categories where slug = 'news'`,
  );
  newsCategory = Number(news?.id);
  await db().execute(sql`insert into posts (category_id, author_id, title, body_source, body_html,
      created_at, last_activity_at)
    select case when g % 10 = 0 then ${newsCategory} else 1 + g % 3 end, 'seed-' || (1 + g % 2000),
      'Seeded thread ' || g, 'Body', '<p>Body</p>',
      now() - ((g * 7919) % 3000) * interval '1 minute', now() - ((g * 3571) % 3000) * interval '1 minute'
    from generate_series(1, 3000) g`);
  await db().execute(sql`insert into news_articles (author_id, title, summary, body_source,
      body_html, status, publish_at, featured, created_at)
    select 'seed-' || (1 + g % 2000), 'Article ' || g, 'Summary', 'Body', '<p>Body</p>',
      case g % 4 when 0 then 'draft' when 1 then 'scheduled' else 'published' end,
      case when g % 4 = 0 then null when g % 4 = 1 then now() + (g - 1500) * interval '1 minute'
        else now() - g * interval '1 minute' end,
      g % 97 = 0, now() - ((g * 7919) % 3000) * interval '1 minute'
    from generate_series(1, 3000) g`);
  await db().execute(sql`analyze`);
});
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
function parsePlan(raw: unknown): PlanNode[] {
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  if (!parsed[0]) throw new Error('no plan');
  return flatten(parsed[0].Plan);
}

function expectIndexed(nodes: PlanNode[], index: string) {
  const description = nodes
    .map((node) => `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`)
    .join('\n');
  const seqScans = nodes.filter(
    (node) =>
      node['Node Type'] === 'Seq Scan' &&
      ['posts', 'news_articles', 'users'].includes(node['Relation Name'] ?? ''),
  );
  expect(seqScans, description).toEqual([]);
  expect(
    nodes.some((node) => node['Index Name'] === index),
    description,
  ).toBe(true);
}

async function planOf(query: SQLWrapper) {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db(),
    sql`explain (format json) ${query}`,
  );
  return parsePlan(row?.['QUERY PLAN']);
}

const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('news lists use their indexes', () => {
  it('the public list, first and a deeper page', async () => {
    expectIndexed(await planOf(publicPageQuery(db(), { limit: 10 })), 'news_public_idx');
    const [row] = await queryRows<{ key: string; id: number | string }>(
      db(),
      sql`select to_char(publish_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id
        from news_articles where status in ('published', 'scheduled') and publish_at <= now()
        order by featured desc, publish_at desc, id desc offset 800 limit 1`,
    );
    const deep = publicPageQuery(db(), {
      limit: 10,
      cursor: cursor([false, row?.key, Number(row?.id)]),
    });
    expectIndexed(await planOf(deep), 'news_public_idx');
  });

  it("the admins' list", async () => {
    expectIndexed(await planOf(allPageQuery(db(), { limit: 20 })), 'news_all_idx');
  });
});

describe('the forum list without the news category', () => {
  it('keeps to its index, also as a prepared statement with a generic plan', async () => {
    const query = postListQuery({ sort: 'latest', limit: 21, excludeCategoryId: newsCategory });
    expectIndexed(await planOf(query), 'posts_latest_idx');
    const prepared = postListQuery({
      sort: 'newest',
      limit: 21,
      excludeCategoryId: sql.placeholder('excludeCategoryId'),
    });
    const { sql: text } = new PgDialect().sqlToQuery(prepared);
    const nodes = await db().transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare news_exclusion as ${text}`));
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql.raw(`explain (format json) execute news_exclusion(${newsCategory})`),
      );
      await tx.execute(sql.raw('deallocate news_exclusion'));
      return parsePlan(row?.['QUERY PLAN']);
    });
    expectIndexed(nodes, 'posts_newest_idx');
  });
});
