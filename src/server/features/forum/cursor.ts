import { z } from 'zod';
import { invalidArgument } from '../../../shared/errors.js';
import type { PostSort } from '../../../shared/forum.js';

/**
 * Opaque cursors: base64url of the sort key of a page's last row. Timestamps travel with their
 * full microseconds (PostgreSQL keeps them, a JS Date would drop them and skip rows written in
 * the same millisecond), formatted by the database as `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
 */
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const timestamp = z.string().refine((value) => {
  if (!timestampPattern.test(value)) return false;
  const parsed = new Date(`${value.slice(0, 23)}Z`);
  // Rejects dates such as February 30th that PostgreSQL would refuse with an error.
  return (
    !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === value.slice(0, 19)
  );
});
const rowId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export type PostCursor =
  | { sort: 'latest' | 'newest'; pinned: boolean; key: string; id: number }
  | { sort: 'top'; pinned: boolean; key: number; id: number };

const postCursorSchema = z.union([
  z.tuple([z.enum(['latest', 'newest']), z.boolean(), timestamp, rowId]),
  z.tuple([z.literal('top'), z.boolean(), z.number().int().min(0), rowId]),
]);
const authorCommentCursorSchema = z.tuple([timestamp, rowId]);
const commentCursorSchema = z.tuple([rowId]);

const malformed = () =>
  invalidArgument('This page link is not valid any more: start again from the first page');

function decode<T>(cursor: string, schema: z.ZodType<T>): T {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw malformed();
  return parsed.data;
}

const encode = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

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
