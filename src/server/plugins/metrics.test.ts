import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRuns, jobs } from '../schema.js';
import { person } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const token = 'metrics-token-0123456789';
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({
      serveWeb: false,
      env: { METRICS_TOKEN: token, SESSION_CACHE_MS: '10000', FORUM_LIST_CACHE_MS: '10000' },
    }),
    createTestApp({ serveWeb: false }),
  ]);
});
afterAll(() => Promise.all([t.close(), off.close()]));

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('is not there without METRICS_TOKEN, nor for a request without the token', async () => {
    expect((await scrape(off, `Bearer ${token}`)).statusCode).toBe(404);
    const missing = await scrape(t);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not-found' } });
    expect((await scrape(t, `Bearer ${token}x`)).statusCode).toBe(404);
    expect((await scrape(t, token)).statusCode).toBe(404);
  });

  it('counts requests by route pattern and status, with their time', async () => {
    await t.app.inject({ method: 'GET', url: '/api/site' });
    await t.app.inject({ method: 'GET', url: '/api/forum/threads/999999' });
    const answer = await scrape(t, `Bearer ${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(
      valueOf(
        text,
        'viewpoint_http_request_duration_seconds_count{method="GET",route="/api/site",status="200"}',
      ),
    ).toBe(1);
    // One series per pattern, never per address.
    expect(text).not.toMatch(/route="[^"]*999999/);
    expect(text).toMatch(/route="unmatched",status="404"/);
  });

  it('tells the job queue, the live sockets and the process', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await t.platforms.database.db.insert(jobs).values([
      { kind: 'metrics-probe', payload: {}, runAt: new Date(Date.now() + 60 * 60 * 1000) },
      {
        kind: 'metrics-probe',
        payload: {},
        runAt: hourAgo,
        lockedUntil: new Date(Date.now() + 60_000),
      },
    ]);
    const text = (await scrape(t, `Bearer ${token}`)).body;
    expect(valueOf(text, 'viewpoint_jobs{state="later"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'viewpoint_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(3590);
    expect(valueOf(text, 'viewpoint_live_sockets')).toBe(0);
    expect(valueOf(text, 'viewpoint_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'viewpoint_process_resident_memory_bytes')).toBeGreaterThan(0);
    const pool = valueOf(text, 'viewpoint_database_pool_connections{state="total"}');
    if (t.platforms.database.kind === 'postgres') expect(pool).toBeGreaterThan(0);
    else expect(pool).toBeUndefined();
  });

  it('tells when the last backup succeeded and when one last failed', async () => {
    const before = (await scrape(t, `Bearer ${token}`)).body;
    expect(
      valueOf(before, 'viewpoint_backup_last_time_seconds{outcome="success"}'),
    ).toBeUndefined();
    const finishedAt = new Date('2026-11-28T03:00:00Z');
    await t.platforms.database.db.insert(backupRuns).values([
      { trigger: 'schedule', finishedAt, file: '/b/one.tar.gz', bytes: 10 },
      { trigger: 'schedule', finishedAt: new Date('2026-11-29T03:00:00Z'), error: 'disk full' },
    ]);
    const text = (await scrape(t, `Bearer ${token}`)).body;
    expect(valueOf(text, 'viewpoint_backup_last_time_seconds{outcome="success"}')).toBe(
      finishedAt.getTime() / 1000,
    );
    expect(valueOf(text, 'viewpoint_backup_last_time_seconds{outcome="failure"}')).toBe(
      Date.parse('2026-11-29T03:00:00Z') / 1000,
    );
  });

  it("tells the database's query time and each cache's hits and misses", async () => {
    const { agent } = await person(t);
    for (let i = 0; i < 3; i++) {
      expect(
        (await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/forum/posts' })).statusCode).toBe(200);
    }
    const text = (await scrape(t, `Bearer ${token}`)).body;
    expect(valueOf(text, 'viewpoint_database_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(valueOf(text, 'viewpoint_database_query_duration_seconds_sum')).toBeGreaterThan(0);
    const lookups = (cache: string, outcome: string) =>
      valueOf(text, `viewpoint_cache_lookups_total{cache="${cache}",outcome="${outcome}"}`) ?? 0;
    // The first of the three reads misses and is kept; the next two find it.
    expect(lookups('forum answers', 'miss')).toBeGreaterThanOrEqual(1);
    expect(lookups('forum answers', 'hit')).toBeGreaterThanOrEqual(2);
    expect(lookups('sessions', 'hit')).toBeGreaterThanOrEqual(2);
    const ratio = valueOf(text, 'viewpoint_cache_hit_ratio{cache="sessions"}') ?? -1;
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(1);
  });
});
