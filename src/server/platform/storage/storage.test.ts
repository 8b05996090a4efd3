import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatforms } from '../platforms.js';
import { openDiskStorage } from './disk-storage.js';
import { startLocalS3Server, type LocalS3Server } from './local-s3-server.js';
import { openStorage } from './open-storage.js';
import { createS3Storage } from './s3-storage.js';
import { contentTypeOfKey, InvalidStorageKeyError, type Storage } from './storage.js';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const newKey = (suffix = '.webp') => randomBytes(16).toString('hex') + suffix;

let s3: LocalS3Server;
let diskDir: string;
beforeAll(async () => {
  s3 = await startLocalS3Server('contract');
  diskDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-storage-'));
});
afterAll(async () => {
  await s3.stop();
  await rm(diskDir, { recursive: true, force: true });
});

// The same contract, run against both implementations.
describe.each([
  ['disk', () => openDiskStorage(path.join(diskDir, 'uploads'))],
  ['s3', () => createS3Storage(s3.settings)],
] as const)('%s storage', (kind, open) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
  });
  afterAll(async () => {
    await storage.close();
  });

  it('answers a ping and names its kind', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    expect(storage.kind).toBe(kind);
  });

  it('lists every stored key, and only ours', async () => {
    const keys = [newKey(), newKey('.png'), newKey('.thumb.webp')];
    for (const key of keys) await storage.put(key, randomBytes(10), contentTypeOfKey(key) ?? '');
    if (kind === 'disk') await writeFile(path.join(diskDir, 'uploads', '.tmp-stray'), 'half');
    const listed: string[] = [];
    for await (const key of storage.list()) listed.push(key);
    expect(listed).toEqual(expect.arrayContaining(keys));
    expect(listed.every((key) => /^[a-z0-9.]+$/.test(key) && !key.startsWith('.'))).toBe(true);
  });

  it('gives back exactly what was put, with its type and size', async () => {
    const key = newKey();
    const body = randomBytes(300_000);
    await storage.put(key, body, 'image/webp');
    const object = await storage.get(key);
    expect(object).not.toBeNull();
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(body.length);
    expect((await readAll(object!.body)).equals(body)).toBe(true);
  });

  it('keeps two-part keys such as thumbnails apart from the image', async () => {
    const id = randomBytes(16).toString('hex');
    await storage.put(`${id}.webp`, Buffer.from('image'), 'image/webp');
    await storage.put(`${id}.thumb.webp`, Buffer.from('thumbnail'), 'image/webp');
    expect((await readAll((await storage.get(`${id}.webp`))!.body)).toString()).toBe('image');
    const thumb = await storage.get(`${id}.thumb.webp`);
    expect((await readAll(thumb!.body)).toString()).toBe('thumbnail');
  });

  it('replaces an object put twice under one key', async () => {
    const key = newKey('.png');
    await storage.put(key, Buffer.from('first'), 'image/png');
    await storage.put(key, Buffer.from('second'), 'image/png');
    const object = await storage.get(key);
    expect((await readAll(object!.body)).toString()).toBe('second');
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await storage.get(newKey())).toBeNull();
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('gone soon'), 'image/webp');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it.each([
    '../escape.webp',
    '../../etc/passwd',
    'nested/key.webp',
    '.hidden.webp',
    'UPPER.webp',
    'x..webp',
    'page.html',
    'noextension',
    '',
    `${'a'.repeat(130)}.webp`,
  ])('refuses the key %j for every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it("refuses a content type that does not match the key's extension, storing nothing", async () => {
    const key = newKey();
    await expect(storage.put(key, Buffer.from('<svg/>'), 'image/svg+xml')).rejects.toThrow(
      /must be stored as image\/webp/,
    );
    expect(await storage.get(key)).toBeNull();
  });
});

describe('disk storage', () => {
  it('writes each object as one file named by its key, leaving no temporary file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-disk-'));
    const storage = await openDiskStorage(dir);
    const key = newKey();
    await storage.put(key, Buffer.from('bytes'), 'image/webp');
    expect(await readdir(dir)).toEqual([key]);
    expect(await readFile(path.join(dir, key), 'utf8')).toBe('bytes');
    await rm(dir, { recursive: true, force: true });
  });

  it('removes temporary files a crash left behind when it opens the folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-disk-'));
    const kept = newKey();
    await writeFile(path.join(dir, kept), 'whole');
    const crashed = path.join(dir, '.tmp-0b7e6c1e');
    await writeFile(crashed, 'half a fi');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(crashed, twoHoursAgo, twoHoursAgo);
    // Another process sharing the folder may be writing this one right now: it stays.
    await writeFile(path.join(dir, '.tmp-in-progress'), 'being writ');
    await openDiskStorage(dir);
    expect((await readdir(dir)).sort()).toEqual(['.tmp-in-progress', kept].sort());
    await rm(dir, { recursive: true, force: true });
  });

  it('fails its ping when the folder is gone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-disk-'));
    const storage = await openDiskStorage(dir);
    await rm(dir, { recursive: true });
    await expect(storage.ping()).rejects.toThrow(/ENOENT/);
  });
});

describe('S3 storage', () => {
  it('is chosen when S3_BUCKET is set', async () => {
    const storage = await openStorage({ dataDir: diskDir, s3: s3.settings });
    expect(storage.kind).toBe('s3');
    await storage.close();
  });

  it('names a missing bucket when pinged', async () => {
    const storage = await createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(storage.ping()).rejects.toThrow('bucket no-such-bucket does not exist');
    await storage.close();
  });

  it('stops the server at start with one line naming the storage', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-start-'));
    const settings = {
      embedded: true,
      dataDir,
      databaseUrl: undefined,
      pgliteBuffersMb: 32,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Viewpoint <noreply@localhost>',
      s3: { ...s3.settings, bucket: 'no-such-bucket' },
      stripe: undefined,
      authSecret: 'x'.repeat(40),
    };
    await expect(startPlatforms(settings, pino({ level: 'silent' }))).rejects.toThrow(
      'Services not initialized: storage unavailable — bucket no-such-bucket does not exist',
    );
    await rm(dataDir, { recursive: true, force: true });
  });
});
