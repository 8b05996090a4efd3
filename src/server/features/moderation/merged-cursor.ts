import { z } from 'zod';
import { cursorRowId, cursorTimestamp, decodeCursor, encodeCursor } from '../../core/cursor.js';

/*
 * The cursor of a list merged from forum and chat reports by time (the review queue, oldest
 * first; a reporter's own reports, newest first). Each kind is read from its own table past a
 * (time, id) bound; rows of one moment are ordered forum first, then chat, then by id, and the
 * newest-first list is that order reversed. The cursor is the last row's exact time, kind, id.
 */

export const kinds = { forum: 0, chat: 1 } as const;
export type Kind = keyof typeof kinds;

export interface MergedEntry {
  kind: Kind;
  id: number;
  /** The row's time, as the cursor keeps it (core/cursor.ts cursorTime). */
  key: string;
}

const cursorSchema = z.tuple([cursorTimestamp, z.union([z.literal(0), z.literal(1)]), cursorRowId]);

export const encodeMergedCursor = (entry: MergedEntry) =>
  encodeCursor([entry.key, kinds[entry.kind], entry.id]);

/**
 * Each kind's (time, id) bound past a cursor, read forwards (`>`) oldest first or backwards (`<`)
 * newest first: past a forum row, chat rows of the same moment are still to come; past a chat
 * row, forum ones are not.
 */
export function boundsPast(cursor: string): Record<Kind, { time: string; id: number }> {
  const [time, kind, id] = decodeCursor(cursor, cursorSchema);
  return kind === kinds.forum
    ? { forum: { time, id }, chat: { time, id: 0 } }
    : { forum: { time, id: Number.MAX_SAFE_INTEGER }, chat: { time, id } };
}

/** Oldest first; `(a, b) => compareMerged(b, a)` is newest first. */
export const compareMerged = (a: MergedEntry, b: MergedEntry) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : kinds[a.kind] - kinds[b.kind] || a.id - b.id;
