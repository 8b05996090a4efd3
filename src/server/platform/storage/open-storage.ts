import path from 'node:path';
import { openDiskStorage } from './disk-storage.js';
import { createS3Storage, type S3Settings } from './s3-storage.js';
import type { Storage } from './storage.js';

/** The configured storage, checked to answer: a missing bucket stops the server at start. */
export async function openStorage(settings: {
  s3: S3Settings | undefined;
  dataDir: string;
}): Promise<Storage> {
  const storage = settings.s3
    ? await createS3Storage(settings.s3)
    : await openDiskStorage(path.join(settings.dataDir, 'uploads'));
  try {
    await storage.ping();
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}
