import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts.js';
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
    // A slow disk keeps the first transaction open while the second one checks the quota, so
    // without the owner's row lock both would see an empty quota and both would be stored.
    const storage = t.platforms.storage;
    const put = storage.put.bind(storage);
    storage.put = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
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
