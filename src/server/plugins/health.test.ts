import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(async () => {
  await t.close();
});

describe('health and readiness', () => {
  it('says the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('reports each platform when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      platforms: {
        database: { kind: process.env.DATABASE_URL ? 'postgres' : 'pglite', ok: true },
        bus: { kind: process.env.REDIS_URL ? 'redis' : 'memory', ok: true },
        mail: { kind: 'outbox', ok: true },
        storage: { kind: 'disk', ok: true },
      },
    });
  });

  it('answers 503 naming the database when it stops answering', async () => {
    const probe = await createTestApp({ serveWeb: false });
    await probe.platforms.database.close();
    const res = await probe.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('unavailable');
    expect(res.json().platforms.database.ok).toBe(false);
    await probe.app.close();
    await probe.platforms.bus.close();
  });

  it('answers 503 naming the storage when the uploads folder is gone', async () => {
    const probe = await createTestApp({ serveWeb: false });
    try {
      await rm(path.join(probe.config.dataDir, 'uploads'), { recursive: true });
      const res = await probe.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().platforms.storage).toMatchObject({ kind: 'disk', ok: false });
      expect(res.json().platforms.database.ok).toBe(true);
    } finally {
      await probe.close();
    }
  });

  it('serves the site name and description, and whether staff need a second factor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Viewpoint',
      description: expect.stringContaining('film'),
      staffSecondFactor: false,
    });
  });
});
