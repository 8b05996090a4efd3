import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { queryRows } from '../../platform/db/database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectIndexedPlan, planOf } from '../../test/plans.js';
import { allPageQuery, publicPageQuery } from './repo.js';

/**
 * The news lists walk their indexes (EXPLAIN over a few thousand seeded rows).
 */
let t: TestApp;
const db = () => t.platforms.database.db;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  await db().execute(sql`insert into users (id, name, email, username)
    select 'seed-' || g, 'Seed ' || g, 'seed' || g || '@example.test', 'seed_' || g
    from generate_series(1, 2000) g`);
  const [news] = await queryRows<{ id: number }>(
    db(),
    sql`select id from categories where slug = 'news'`,
  );
  const newsCategory = Number(news?.id);
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

const newsTables = ['posts', 'news_articles', 'users'];
const expectIndexed = async (query: SQLWrapper, index: string) =>
  expectIndexedPlan(await planOf(db(), query), [index], newsTables);

const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('news lists use their indexes', () => {
  it('the public list, first and a deeper page', async () => {
    await expectIndexed(publicPageQuery(db(), { limit: 10 }), 'news_public_idx');
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
    await expectIndexed(deep, 'news_public_idx');
  });

  it("the admins' list", async () => {
    await expectIndexed(allPageQuery(db(), { limit: 20 }), 'news_all_idx');
  });
});
