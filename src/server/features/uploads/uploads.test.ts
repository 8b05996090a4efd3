import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaPathPattern, uploadListResponse, uploadResponse } from '../../../shared/uploads.js';
import { users } from '../../schema.js';
import { createAgent, signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildAccount, postFiles, postImage } from '../../test/factories.js';
import {
  cameraJpeg,
  gifImage,
  jpegWithHtmlAppended,
  jpegWithHtmlComment,
  pngImage,
  solidPng,
  webpImage,
} from '../../test/images.js';
import { storedState } from '../../test/state.js';

let t: TestApp;
let owner: Agent;
let ownerId: string;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.platforms.database.db;
  const ownerUser = await buildAccount(db);
  ownerId = ownerUser.id;
  owner = await signIn(t.app, ownerUser);
  other = await signIn(t.app, await buildAccount(db));
});
afterAll(async () => {
  await t.close();
});

const media = (url: string) => t.app.inject({ method: 'GET', url });
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

describe('uploading an image', () => {
  it('stores a phone photo upright as WebP with no EXIF, GPS or other metadata', async () => {
    const original = await cameraJpeg();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    expect(original.includes('Secret Camera Owner')).toBe(true);

    const res = await postImage(owner, original);
    expect(res.statusCode).toBe(201);
    const { upload } = uploadResponse.parse(res.json());
    expect(upload).toMatchObject({ width: 600, height: 800, purpose: 'post' });
    expect(upload.url).toMatch(mediaPathPattern);
    expect(upload.thumbnailUrl).toMatch(mediaPathPattern);
    expect(upload.url).toBe(`/media/${upload.id}.webp`);
    expect(upload.thumbnailUrl).toBe(`/media/${upload.id}.thumb.webp`);

    const served = await media(upload.url);
    expect(served.statusCode).toBe(200);
    const stored = served.rawPayload;
    expect(await fileTypeFromBuffer(stored)).toEqual({ ext: 'webp', mime: 'image/webp' });
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 600, height: 800 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('Secret Camera Owner')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);

    const thumbnail = (await media(upload.thumbnailUrl)).rawPayload;
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 300, height: 400 });
    expect(upload.bytes).toBe(stored.length + thumbnail.length);
    const onDisk = await readFile(path.join(uploadsDir(), `${upload.id}.webp`));
    expect(onDisk.equals(stored)).toBe(true);
  });

  it.each([
    ['PNG', pngImage, 'image/png', 64, 48],
    ['GIF', gifImage, 'image/gif', 40, 30],
    ['WebP', webpImage, 'image/webp', 50, 40],
  ])('re-encodes a %s to WebP', async (_kind, make, contentType, width, height) => {
    const res = await postFiles(owner, [{ filename: 'img', contentType, data: await make() }]);
    expect(res.statusCode).toBe(201);
    const { upload } = uploadResponse.parse(res.json());
    expect(upload).toMatchObject({ width, height });
    const stored = (await media(upload.url)).rawPayload;
    expect((await sharp(stored).metadata()).format).toBe('webp');
  });

  it('caps the long side at 2560 px without enlarging small images', async () => {
    const res = await postFiles(owner, [
      { filename: 'wide.png', contentType: 'image/png', data: await solidPng(3200, 1000) },
    ]);
    expect(res.json().upload).toMatchObject({ width: 2560, height: 800 });
    const thumbnail = (await media(res.json().upload.thumbnailUrl)).rawPayload;
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 400, height: 125 });
  });

  it('crops avatar thumbnails square', async () => {
    const res = await postImage(owner, await cameraJpeg(), 'avatar');
    expect(res.json().upload).toMatchObject({ purpose: 'avatar', width: 600, height: 800 });
    const thumbnail = (await media(res.json().upload.thumbnailUrl)).rawPayload;
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 400, height: 400 });
  });

  it.each([
    ['after the image', jpegWithHtmlAppended],
    ['in a JPEG comment', jpegWithHtmlComment],
  ])('neutralises a polyglot with HTML %s: the stored file is a clean WebP', async (_, make) => {
    const polyglot = await make();
    expect(polyglot.includes('<script>')).toBe(true);
    const res = await postImage(owner, polyglot, 'post', 'innocent.jpg');
    expect(res.statusCode).toBe(201);
    for (const url of [res.json().upload.url, res.json().upload.thumbnailUrl]) {
      const stored = (await media(url)).rawPayload;
      expect((await sharp(stored).metadata()).format).toBe('webp');
      expect(stored.includes('<script')).toBe(false);
      expect(stored.includes('html')).toBe(false);
    }
  });

  it('ignores the file name: ../../x.png is stored under a random name inside the folder', async () => {
    const before = await storedState(t);
    const res = await postFiles(owner, [
      { filename: '../../x.png', contentType: 'image/png', data: await pngImage() },
    ]);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().upload as { id: string };
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const after = await storedState(t);
    expect(after.files).toEqual([...before.files, `${id}.thumb.webp`, `${id}.webp`].sort());
    await expect(readFile(path.resolve(uploadsDir(), '../../x.png'))).rejects.toThrow(/ENOENT/);
    await expect(readFile(path.resolve(uploadsDir(), 'x.png'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses anonymous and unverified callers', async () => {
    const data = await pngImage();
    expect((await postImage(createAgent(t.app), data)).json().error.code).toBe('unauthenticated');
    const unverified = await signIn(
      t.app,
      await buildAccount(t.platforms.database.db, { emailVerified: false }),
    );
    const res = await postImage(unverified, data);
    expect(res.statusCode).toBe(403);
  });
});

describe('listing and deleting uploads', () => {
  it("lists only the viewer's uploads with the storage they take", async () => {
    const mine = (await postImage(other, await pngImage())).json().upload;
    const res = await other.inject({ method: 'GET', url: '/api/uploads' });
    expect(res.statusCode).toBe(200);
    const list = uploadListResponse.parse(res.json());
    expect(list.uploads.map((upload) => upload.id)).toEqual([mine.id]);
    expect(list.usedBytes).toBe(mine.bytes);
    expect(list.quotaBytes).toBe(200 * 1024 * 1024);
  });

  it('pages through the uploads newest first with a cursor, counting all of them', async () => {
    const pager = await signIn(t.app, await buildAccount(t.platforms.database.db));
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      ids.unshift((await postImage(pager, await pngImage(20 + n, 20))).json().upload.id as string);
    }
    const first = uploadListResponse.parse(
      (await pager.inject({ method: 'GET', url: '/api/uploads?limit=2' })).json(),
    );
    expect(first.uploads.map((upload) => upload.id)).toEqual(ids.slice(0, 2));
    expect(first.nextCursor).not.toBeNull();
    const second = uploadListResponse.parse(
      (
        await pager.inject({
          method: 'GET',
          url: `/api/uploads?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
        })
      ).json(),
    );
    expect(second.uploads.map((upload) => upload.id)).toEqual(ids.slice(2));
    expect(second.nextCursor).toBeNull();
    expect(second.usedBytes).toBe(first.usedBytes);

    for (const url of ['/api/uploads?limit=51', '/api/uploads?cursor=not-a-cursor']) {
      const res = await pager.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
  });

  it("refuses to delete someone else's upload, leaving it whole", async () => {
    const upload = (await postImage(owner, await pngImage())).json().upload;
    const before = await storedState(t);
    const res = await other.inject({ method: 'DELETE', url: `/api/uploads/${upload.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not-found');
    expect(await storedState(t)).toEqual(before);
    expect((await media(upload.url)).statusCode).toBe(200);
  });

  it('deletes the files and the row, and clears the avatar that showed it', async () => {
    const upload = (await postImage(owner, await pngImage(), 'avatar')).json().upload;
    const db = t.platforms.database.db;
    await db.update(users).set({ image: upload.thumbnailUrl }).where(eq(users.id, ownerId));
    const before = await storedState(t);

    const res = await owner.inject({ method: 'DELETE', url: `/api/uploads/${upload.id}` });
    expect(res.statusCode).toBe(204);
    const after = await storedState(t);
    expect(after.rows).toBe(before.rows - 1);
    expect(after.files).toEqual(before.files.filter((name) => !name.startsWith(upload.id)));
    expect((await media(upload.url)).statusCode).toBe(404);
    const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, ownerId));
    expect(row?.image).toBeNull();
    const again = await owner.inject({ method: 'DELETE', url: `/api/uploads/${upload.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('serving /media files', () => {
  it('serves the stored file with safe headers and immutable caching', async () => {
    const upload = (await postImage(owner, await pngImage())).json().upload;
    const res = await media(upload.url);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': `inline; filename="${upload.id}.webp"`,
    });
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const head = await t.app.inject({ method: 'HEAD', url: upload.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it.each([
    '/media/0123456789abcdef0123456789abcdef.webp',
    '/media/short.webp',
    '/media/0123456789abcdef0123456789abcdef.png',
    '/media/0123456789ABCDEF0123456789ABCDEF.webp',
    '/media/..%2f..%2fauth-secret',
    '/media/nested/0123456789abcdef0123456789abcdef.webp',
    '/media/',
  ])('answers 404 in the error shape for %s, never a page', async (url) => {
    const res = await media(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error.code).toBe('not-found');
  });
});
