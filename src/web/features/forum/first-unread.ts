import { useState } from 'react';
import type { ThreadReading } from '../../../shared/forum';

/**
 * Where the thread opens for the member: the first reply they have not seen. Fixed at the first
 * answer, so saving the position while reading does not move the mark or start a new walk. A
 * thread never opened before (no position yet) opens at its start, with the opening post.
 */
export function useFirstUnread(reading: ThreadReading | undefined): number | null {
  const [start, setStart] = useState<number | null | undefined>(undefined);
  if (start === undefined && reading !== undefined) {
    setStart(reading.lastReadReplyId === null ? null : reading.firstUnreadReplyId);
  }
  return start ?? null;
}
