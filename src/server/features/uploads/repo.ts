import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Upload } from '../../../shared/uploads.js';
import type { Db } from '../../platform/db/database.js';
import { uploads, users } from '../../platform/db/schema.js';

export type UploadRow = typeof uploads.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The storage keys of an upload: the image and its thumbnail. */
export const storageKeys = (id: string) => [`${id}.webp`, `${id}.thumb.webp`] as const;

export const mediaUrls = (id: string) => ({
  url: `/media/${id}.webp`,
  thumbnailUrl: `/media/${id}.thumb.webp`,
});

export function presentUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    ...mediaUrls(row.id),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    purpose: row.purpose === 'avatar' ? 'avatar' : 'post',
    createdAt: row.createdAt.toISOString(),
  };
}

export function listUploads(db: Db, ownerId: string): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId))
    .orderBy(desc(uploads.createdAt), desc(uploads.id));
}

/**
 * What the owner's uploads take, read with the owner's row locked until the transaction ends:
 * two uploads of one user are checked against the quota one after the other, never both at once.
 */
export async function lockedUsage(tx: Tx, ownerId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  const [row] = await tx
    .select({ used: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId));
  return Number(row?.used ?? 0);
}

export async function insertUpload(tx: Tx, row: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [inserted] = await tx.insert(uploads).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/** The owner's upload, locked so a profile cannot pick it as avatar while it is deleted. */
export async function lockOwnUpload(
  tx: Tx,
  ownerId: string,
  id: string,
): Promise<UploadRow | undefined> {
  const [row] = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)))
    .for('update');
  return row;
}

/** Deletes the row; the owner's avatar goes with it when it was this image. */
export async function deleteUpload(tx: Tx, row: UploadRow): Promise<void> {
  await tx.delete(uploads).where(eq(uploads.id, row.id));
  const { url, thumbnailUrl } = mediaUrls(row.id);
  await tx
    .update(users)
    .set({ image: null, updatedAt: new Date() })
    .where(and(eq(users.id, row.ownerId), inArray(users.image, [url, thumbnailUrl])));
}
