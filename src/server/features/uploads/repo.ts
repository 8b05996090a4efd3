import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Upload } from '../../../shared/uploads.js';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../core/schema.js';
import { uploads } from './schema.js';
import type { DbOrTx, Tx } from '../../core/transaction.js';
import {
  cursorText,
  cursorTime,
  cursorTimestamp,
  decodeCursor,
  encodeCursor,
} from '../../core/cursor.js';

export type UploadRow = typeof uploads.$inferSelect;

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

/** A page's last row: its creation time to the microsecond (as text) and its id. */
const uploadCursor = z.tuple([cursorTimestamp, cursorText]);

/** One page of the owner's uploads, newest first (index uploads_owner_idx), and the next cursor. */
export async function listUploads(
  db: Db,
  ownerId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ rows: UploadRow[]; nextCursor: string | null }> {
  const exact = cursorTime(uploads.createdAt);
  const conditions = [eq(uploads.ownerId, ownerId)];
  if (page.cursor) {
    const [time, id] = decodeCursor(page.cursor, uploadCursor);
    conditions.push(sql`(${uploads.createdAt}, ${uploads.id}) < (${time}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({ upload: uploads, key: exact })
    .from(uploads)
    .where(and(...conditions))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(page.limit + 1);
  const last = rows[page.limit - 1];
  const nextCursor =
    rows.length > page.limit && last ? encodeCursor([last.key, last.upload.id]) : null;
  return { rows: rows.slice(0, page.limit).map((row) => row.upload), nextCursor };
}

/** What all of the owner's uploads take, image and thumbnail. */
export async function usedBytes(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId));
  return Number(row?.used ?? 0);
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

/** Whether this site holds an upload of this id (another feature may point to it, never a URL). */
export async function uploadExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id));
  return row !== undefined;
}

/** The viewer's own upload, locked so it cannot be deleted while it becomes their avatar. */
export async function lockOwnedUpload(tx: Tx, ownerId: string, id: string) {
  const [row] = await tx
    .select({ id: uploads.id, purpose: uploads.purpose })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)))
    .for('update');
  return row;
}
