import path from 'node:path';
import type { Config } from '../../config.js';
import { openDiskStorage } from './disk-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** The configured storage, checked to answer: a missing bucket stops the server at start. */
export async function openStorage(config: Pick<Config, 's3' | 'dataDir'>): Promise<Storage> {
  const storage = config.s3
    ? await createS3Storage(config.s3)
    : await openDiskStorage(path.join(config.dataDir, 'uploads'));
  try {
    await storage.ping();
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}
