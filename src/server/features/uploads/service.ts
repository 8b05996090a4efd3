import { randomBytes } from 'node:crypto';
import { notFound, quotaExceeded } from '../../../shared/errors.js';
import type { Upload } from '../../../shared/uploads.js';
import type { Db } from '../../platform/db/database.js';
import type { Storage } from '../../platform/storage/storage.js';
import { reencodeImage } from './image.js';
import * as repo from './repo.js';
import type { Viewer } from '../../core/viewer.js';

export interface UploadsOptions {
  db: Db;
  storage: Storage;
  /** UPLOAD_QUOTA_MB in bytes: what one user's images and thumbnails may take together. */
  quotaBytes: number;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A fresh id: 128 random bits as 32 lowercase hex characters (the media URL pattern). */
const newUploadId = () => randomBytes(16).toString('hex');

export function createUploadsService({ db, storage, quotaBytes }: UploadsOptions) {
  return {
    /**
     * Re-encodes the file, then, in one transaction with the owner's row locked: checks the
     * quota, stores both files and records them. Any failure removes what was written, so a
     * refused upload leaves no file and no row behind.
     */
    async upload(viewer: Viewer, purpose: 'avatar' | 'post', file: Buffer): Promise<Upload> {
      const { image, thumbnail } = await reencodeImage(file, purpose);
      const id = newUploadId();
      const [imageKey, thumbnailKey] = repo.storageKeys(id);
      const bytes = image.data.length + thumbnail.data.length;
      let written = false;
      try {
        const row = await db.transaction(async (tx) => {
          const usedBytes = await repo.lockedUsage(tx, viewer.id);
          if (usedBytes + bytes > quotaBytes) {
            throw quotaExceeded(
              `This image would take your uploads over your ${megabytes(quotaBytes)} of storage. Delete some images and try again.`,
              { usedBytes, quotaBytes },
            );
          }
          written = true;
          await storage.put(imageKey, image.data, 'image/webp');
          await storage.put(thumbnailKey, thumbnail.data, 'image/webp');
          return repo.insertUpload(tx, {
            id,
            ownerId: viewer.id,
            purpose,
            contentType: 'image/webp',
            width: image.width,
            height: image.height,
            bytes,
          });
        });
        return repo.presentUpload(row);
      } catch (error) {
        if (written)
          await Promise.allSettled([imageKey, thumbnailKey].map((key) => storage.delete(key)));
        throw error;
      }
    },

    async list(viewer: Viewer, page: { cursor?: string | undefined; limit: number }) {
      const [{ rows, nextCursor }, used] = await Promise.all([
        repo.listUploads(db, viewer.id, page),
        repo.usedBytes(db, viewer.id),
      ]);
      return { uploads: rows.map(repo.presentUpload), nextCursor, usedBytes: used, quotaBytes };
    },

    /**
     * The owner deletes an upload: files first, then the row (and the avatar if it was this
     * image), all while the row is locked. A storage failure rolls back, and trying again works.
     * Someone else's upload answers not-found, as if it did not exist.
     */
    async remove(viewer: Viewer, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.lockOwnUpload(tx, viewer.id, id);
        if (!row) throw notFound('Upload');
        await Promise.all(repo.storageKeys(id).map((key) => storage.delete(key)));
        await repo.deleteUpload(tx, row);
      });
    },
  };
}
