import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startLocalS3Server, type LocalS3Server } from '../../platform/storage/local-s3-server.js';
import { signIn } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount, postImage } from '../../test/factories.js';
import { cameraJpeg } from '../../test/images.js';

let s3: LocalS3Server;
let t: TestApp;
beforeAll(async () => {
  s3 = await startLocalS3Server('viewpoint-media');
  t = await createTestApp({
    serveWeb: false,
    env: {
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint ?? '',
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey ?? '',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('uploads kept in an S3 bucket', () => {
  it('stores, serves through /media and deletes images in the bucket', async () => {
    expect(t.platforms.storage.kind).toBe('s3');
    const agent = await signIn(t.app, await buildAccount(t.platforms.database.db));
    const res = await postImage(agent, await cameraJpeg());
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json().upload as { id: string; url: string };

    const inBucket = await t.platforms.storage.get(`${id}.webp`);
    expect(inBucket?.size).toBeGreaterThan(0);
    inBucket?.body.destroy();

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
      height: 800,
    });

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json().platforms.storage).toEqual({ kind: 's3', ok: true });

    expect((await agent.inject({ method: 'DELETE', url: `/api/uploads/${id}` })).statusCode).toBe(
      204,
    );
    expect(await t.platforms.storage.get(`${id}.webp`)).toBeNull();
    expect(await t.platforms.storage.get(`${id}.thumb.webp`)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
