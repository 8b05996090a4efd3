import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../platform/db/database.js';
import { signIn } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { uploadRouteLimits } from './routes.js';
import { buildAccount, postImage } from '../../test/factories.js';
import { pngImage } from '../../test/images.js';
import { storedState } from '../../test/state.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false, env: { UPLOAD_QUOTA_MB: '1' } });
});
afterAll(async () => {
  await t.close();
});

const quotaBytes = 1024 * 1024;
const newAgent = async () => signIn(t.app, await buildAccount(t.platforms.database.db));

/** Noise that stays large as WebP: one upload takes between half and all of a 1 MB quota. */
const largePhoto = () => pngImage(1000, 1000);

/** Settles once a transaction waits for a member's row: the other upload, for its owner's. */
const waitingForTheOwnersRow = () =>
  vi.waitFor(
    async () => {
      const [row] = await queryRows<{ waiting: number }>(
        t.platforms.database.db,
        sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query like '%from "users"%for update%'`,
      );
      expect(row?.waiting).toBe(1);
    },
    { timeout: 10_000, interval: 10 },
  );

describe('the per-user storage quota (UPLOAD_QUOTA_MB=1)', () => {
  it('refuses the upload that would go over it with 413 and the usage, storing nothing', async () => {
    const agent = await newAgent();
    const first = await postImage(agent, await largePhoto());
    expect(first.statusCode).toBe(201);
    const used = first.json().upload.bytes as number;
    expect(used).toBeGreaterThan(quotaBytes / 2);

    const before = await storedState(t);
    const second = await postImage(agent, await largePhoto());
    expect(second.statusCode).toBe(413);
    expect(second.json().error).toMatchObject({
      code: 'resource-exhausted',
      message: expect.stringContaining('1 MB of storage'),
      details: { usedBytes: used, quotaBytes },
    });
    expect(await storedState(t)).toEqual(before);

    const list = await agent.inject({ method: 'GET', url: '/api/uploads' });
    expect(list.json()).toMatchObject({ usedBytes: used, quotaBytes });
  });

  it('lets only one of two parallel uploads through when both would not fit', async () => {
    const agent = await newAgent();
    const [a, b] = await Promise.all([largePhoto(), largePhoto()]);
    const before = await storedState(t);
    // The upload that holds the owner's row first writes its files only once the other one
    // checks the quota: without the row lock both would see it empty and both be stored. On
    // PostgreSQL the other waits for the lock; were there none, it would come to write its own
    // files. PGlite runs one transaction at a time, so there it waits unseen, and the first
    // goes on at once.
    const storage = t.platforms.storage;
    const put = storage.put.bind(storage);
    let otherWrites = () => {};
    const otherChecked = Promise.race([
      t.platforms.database.kind === 'postgres' ? waitingForTheOwnersRow() : Promise.resolve(),
      new Promise<void>((resolve) => (otherWrites = resolve)),
    ]);
    let first = true;
    storage.put = async (...args) => {
      if (first) {
        first = false;
        await otherChecked;
      } else otherWrites();
      return put(...args);
    };
    const results = await Promise.all([postImage(agent, a), postImage(agent, b)]).finally(() => {
      storage.put = put;
    });
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 413]);
    const after = await storedState(t);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.files.length).toBe(before.files.length + 2);
  });

  it("counts each user's uploads separately", async () => {
    const other = await newAgent();
    expect((await postImage(other, await largePhoto())).statusCode).toBe(201);
  });

  it('limits how many images one user may upload in a row', async () => {
    const agent = await newAgent();
    const tiny = await pngImage(8, 8);
    for (let i = 0; i < uploadRouteLimits.upload.account.points; i += 1) {
      expect((await postImage(agent, tiny)).statusCode).toBe(201);
    }
    const before = await storedState(t);
    const res = await postImage(agent, tiny);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({
      code: 'resource-exhausted',
      message: expect.stringMatching(/^You are uploading images too fast/),
    });
    expect(res.headers['retry-after']).toBeDefined();
    expect(await storedState(t)).toEqual(before);
  });
});
