import { z } from 'zod';
import type { PostSort } from '../../../shared/forum.js';
import {
  cursorRowId as rowId,
  cursorTimestamp as timestamp,
  decodeCursor as decode,
  encodeCursor as encode,
  malformedCursor as malformed,
} from '../../core/cursor.js';

/**
 * The forum's cursors (core/cursor.ts): the sort key of a page's last row, its time to the
 * microsecond or its count, and the row's id.
 */
export type PostCursor =
  | { sort: 'latest' | 'newest'; pinned: boolean; key: string; id: number }
  | { sort: 'top'; pinned: boolean; key: number; id: number };

const postCursorSchema = z.union([
  z.tuple([z.enum(['latest', 'newest']), z.boolean(), timestamp, rowId]),
  z.tuple([z.literal('top'), z.boolean(), z.number().int().min(0), rowId]),
]);
const authorCommentCursorSchema = z.tuple([timestamp, rowId]);
const commentCursorSchema = z.tuple([rowId]);

export function encodePostCursor(cursor: PostCursor): string {
  return encode([cursor.sort, cursor.pinned, cursor.key, cursor.id]);
}

/** A cursor made for another sort order is as malformed as a garbled one. */
export function decodePostCursor(cursor: string, sort: PostSort): PostCursor {
  const [cursorSort, pinned, key, id] = decode(cursor, postCursorSchema);
  if (cursorSort !== sort) throw malformed();
  return cursorSort === 'top'
    ? { sort: cursorSort, pinned, key, id }
    : { sort: cursorSort, pinned, key, id };
}

export const encodeCommentCursor = (id: number) => encode([id]);
export const decodeCommentCursor = (cursor: string) => decode(cursor, commentCursorSchema)[0];

export const encodeAuthorCommentCursor = (createdAt: string, id: number) => encode([createdAt, id]);
export function decodeAuthorCommentCursor(cursor: string): { createdAt: string; id: number } {
  const [createdAt, id] = decode(cursor, authorCommentCursorSchema);
  return { createdAt, id };
}
